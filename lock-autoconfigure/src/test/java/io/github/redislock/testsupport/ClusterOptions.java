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
 * Shape and timing of a {@link RedisCluster}.
 * <p>
 * The default node timeout is 2 s instead of Redis' 15 s so that failover tests finish
 * quickly.
 *
 * @param masters how many masters share the 16384 slots
 * @param replicasPerMaster how many replicas each master gets
 * @param nodeTimeout {@code cluster-node-timeout}
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record ClusterOptions(int masters, int replicasPerMaster, Duration nodeTimeout) {

	/**
	 * Validate the options.
	 * @param masters how many masters share the 16384 slots
	 * @param replicasPerMaster how many replicas each master gets
	 * @param nodeTimeout {@code cluster-node-timeout}
	 */
	public ClusterOptions {
		if (masters < 1 || replicasPerMaster < 0) {
			throw new IllegalArgumentException("Need at least one master and no negative replica count");
		}
		if (nodeTimeout.toMillis() < 100) {
			throw new IllegalArgumentException("nodeTimeout must be at least 100 ms");
		}
	}

	/**
	 * Options with a 2 s node timeout.
	 * @param masters how many masters
	 * @param replicasPerMaster how many replicas per master
	 * @return the options
	 */
	public static ClusterOptions of(int masters, int replicasPerMaster) {
		return new ClusterOptions(masters, replicasPerMaster, Duration.ofSeconds(2));
	}

	/**
	 * Return a copy with another node timeout.
	 * @param timeout {@code cluster-node-timeout}
	 * @return the new options
	 */
	public ClusterOptions withNodeTimeout(Duration timeout) {
		return new ClusterOptions(this.masters, this.replicasPerMaster, timeout);
	}

}
