/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.redislock.testsupport;

import java.time.Duration;

/**
 * Shape and timings of a {@link RedisSentinelGroup}.
 * <p>
 * The default timings are much shorter than Redis' (30 s to detect a failure, 3 min
 * failover timeout) so that failover tests take seconds, yet long enough that a loaded
 * build machine does not see spurious failovers.
 *
 * @param masterName the name sentinels monitor the master under
 * @param sentinels how many sentinels
 * @param replicas how many replicas besides the master
 * @param quorum how many sentinels must agree the master is down
 * @param downAfter {@code sentinel down-after-milliseconds}
 * @param failoverTimeout {@code sentinel failover-timeout}
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record SentinelOptions(String masterName, int sentinels, int replicas, int quorum, Duration downAfter,
		Duration failoverTimeout) {

	/**
	 * Master name used when none is given.
	 */
	public static final String DEFAULT_MASTER_NAME = "mymaster";

	/**
	 * Validate the options.
	 * @param masterName the name sentinels monitor the master under
	 * @param sentinels how many sentinels
	 * @param replicas how many replicas besides the master
	 * @param quorum how many sentinels must agree the master is down
	 * @param downAfter {@code sentinel down-after-milliseconds}
	 * @param failoverTimeout {@code sentinel failover-timeout}
	 */
	public SentinelOptions {
		if (masterName == null || masterName.isBlank() || masterName.contains(" ")) {
			throw new IllegalArgumentException("masterName must be a single word");
		}
		if (sentinels < 1 || replicas < 0) {
			throw new IllegalArgumentException("Need at least one sentinel and no negative replica count");
		}
		if (quorum < 1 || quorum > sentinels) {
			throw new IllegalArgumentException("quorum must be between 1 and the number of sentinels");
		}
	}

	/**
	 * Options with master name {@value #DEFAULT_MASTER_NAME}, a majority quorum, 1 s
	 * down-after and 3 s failover timeout.
	 * @param sentinels how many sentinels
	 * @param replicas how many replicas
	 * @return the options
	 */
	public static SentinelOptions of(int sentinels, int replicas) {
		return new SentinelOptions(DEFAULT_MASTER_NAME, sentinels, replicas, sentinels / 2 + 1, Duration.ofSeconds(1),
				Duration.ofSeconds(3));
	}

	/**
	 * Return a copy with another master name.
	 * @param name the master name
	 * @return the new options
	 */
	public SentinelOptions withMasterName(String name) {
		return new SentinelOptions(name, this.sentinels, this.replicas, this.quorum, this.downAfter,
				this.failoverTimeout);
	}

	/**
	 * Return a copy with another quorum.
	 * @param quorum the quorum
	 * @return the new options
	 */
	public SentinelOptions withQuorum(int quorum) {
		return new SentinelOptions(this.masterName, this.sentinels, this.replicas, quorum, this.downAfter,
				this.failoverTimeout);
	}

	/**
	 * Return a copy with other failure detection and failover timings.
	 * @param downAfter {@code sentinel down-after-milliseconds}
	 * @param failoverTimeout {@code sentinel failover-timeout}
	 * @return the new options
	 */
	public SentinelOptions withTimings(Duration downAfter, Duration failoverTimeout) {
		return new SentinelOptions(this.masterName, this.sentinels, this.replicas, this.quorum, downAfter,
				failoverTimeout);
	}

}
