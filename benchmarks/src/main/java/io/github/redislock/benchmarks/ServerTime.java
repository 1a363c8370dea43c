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
package io.github.redislock.benchmarks;

import io.lettuce.core.api.sync.RedisCommands;

/**
 * The time Redis spent running one script call, read from its command statistics: the
 * server's own clock, not the client's, so that neither the round trip nor a busy client
 * is counted.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ServerTime {

	private final RedisCommands<String, String> redis;

	ServerTime(RedisCommands<String, String> redis) {
		this.redis = redis;
	}

	/**
	 * Run the call, and return how long Redis spent in the script calls it sent.
	 * @param call sends exactly the script calls to measure
	 * @return the server time in microseconds
	 */
	double of(Runnable call) {
		this.redis.configResetstat();
		call.run();
		String stats = this.redis.info("commandstats");
		long usec = 0;
		for (String line : stats.split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
				for (String field : line.substring(line.indexOf(':') + 1).split(",")) {
					if (field.startsWith("usec=")) {
						usec += Long.parseLong(field.substring(5));
					}
				}
			}
		}
		return usec;
	}

}
