// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
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
