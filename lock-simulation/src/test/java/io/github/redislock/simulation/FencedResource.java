// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.redislock.fencing.FencedRedisTemplate;
import io.github.redislock.simulation.server.RedisError;
import io.github.redislock.simulation.server.ServerClock;
import io.github.redislock.simulation.server.SimRedis;

/**
 * What the callers write under their locks, as an application writes a value with the
 * starter's {@code FencedRedisTemplate}: a Redis server of its own running the starter's
 * {@code fenced-set.lua}, one value per lock name, reached over the simulated network, so
 * that the write of a holder paused or delayed past its lease arrives after the lease
 * ended. At every write it checks, from the writes it saw and not from what the script
 * keeps, that the resource never accepts a token smaller than one it accepted before.
 *
 * @author redis-lock contributors
 */
final class FencedResource {

	private static final String RETENTION_MILLIS = Long
		.toString(FencedRedisTemplate.DEFAULT_TOKEN_RETENTION.toMillis());

	private final SimRedis server;

	private final Scheduler scheduler;

	private final Network network;

	private final Invariants invariants;

	private final String script;

	/** Per value's key, the largest token a write was accepted with. */
	private final Map<String, Long> accepted = new HashMap<>();

	private long writes;

	private long refused;

	FencedResource(Scheduler scheduler, Network network, Invariants invariants, String script) {
		this.server = new SimRedis("data", new ServerClock(scheduler::nanos, 0), scheduler);
		this.scheduler = scheduler;
		this.network = network;
		this.invariants = invariants;
		this.script = script;
	}

	/**
	 * Sends a write of the lock's value with the token; the future completes, as an event
	 * of the writer's process, with 0 if the value was written, else with the larger
	 * token that refused it.
	 */
	CompletableFuture<Long> write(String writer, String lock, long token, ClientProcess process) {
		CompletableFuture<Long> reply = new CompletableFuture<>();
		this.scheduler.schedule(this.network.delay(), null, () -> {
			Long answer = run(writer, lock, token);
			this.scheduler.schedule(this.network.delay(), null, () -> {
				if (answer != null) {
					reply.complete(answer);
				}
			}, process);
		});
		return reply;
	}

	private Long run(String writer, String lock, long token) {
		String key = "resource:{" + lock + "}";
		Object answer;
		try {
			answer = this.server.eval(this.script, List.of(key, FencedRedisTemplate.tokenKey(key)),
					List.of(Long.toString(token), "0", RETENTION_MILLIS, writer + " " + token));
		}
		catch (RedisError ex) {
			this.invariants.violation("the fenced write of " + writer + " with token " + token + " to " + key
					+ " failed: " + ex.getMessage());
			return null;
		}
		this.writes++;
		this.scheduler.note(writer, " ", this.server.name(), " fenced-set ", key, " ", token, " -> ", answer);
		if (!Long.valueOf(0).equals(answer)) {
			this.refused++;
			return (Long) answer;
		}
		Long largest = this.accepted.get(key);
		if (largest != null && token < largest) {
			this.invariants.violation("the resource of lock '" + lock + "' accepted a stale write: " + writer
					+ " wrote with fencing token " + token + " after a write with " + largest + " was accepted");
		}
		else {
			this.accepted.put(key, token);
		}
		return 0L;
	}

	/** Writes that reached the resource. */
	long writes() {
		return this.writes;
	}

	/** Writes the resource refused, having accepted a larger token before. */
	long refused() {
		return this.refused;
	}

}
