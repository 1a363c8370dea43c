// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The contenders by id, in report order, and how to create each.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Contenders {

	private static final Map<String, String> LABELS = new LinkedHashMap<>();

	static {
		LABELS.put(RawContender.ID, "raw SET NX PX + Lua delete, busy retry");
		LABELS.put(RawSpringDataContender.ID, "raw, the same over Spring Data Redis");
		LABELS.put(OurContender.LOCK_ID, "ours lock() (30 s lease, renewed)");
		LABELS.put(OurContender.TRY_ID, "ours tryLock(wait, 30 s, no renewal)");
		LABELS.put(OurContender.HANDOFF_ID, "ours lock(), local hand-off ≤ " + OurContender.MAX_LOCAL_HANDOFFS);
		LABELS.put(AnnotationContender.ID, "ours @RedisLock (defaults: 30 s, renewed)");
		LABELS.put(ReactiveContender.ID, "ours Mono over a LockLease (30 s, renewed)");
		LABELS.put(RedissonContender.LOCK_ID, "Redisson lock() (watchdog)");
		LABELS.put(RedissonContender.TRY_ID, "Redisson tryLock(wait, 30 s)");
		LABELS.put(RegistryContender.SPIN_ID, "RedisLockRegistry SPIN");
		LABELS.put(RegistryContender.PUB_SUB_ID, "RedisLockRegistry PUB_SUB");
	}

	/**
	 * Contenders run only when named in {@code bench.contenders}: they need servers
	 * beside the run's own, which change what the others are measured on.
	 */
	private static final Map<String, String> TOPOLOGY_LABELS = new LinkedHashMap<>();

	static {
		TOPOLOGY_LABELS.put(TopologyContender.ACKS_ID, "ours lock(), 1 replica acknowledges (WAIT)");
		TOPOLOGY_LABELS.put(TopologyContender.REDLOCK_3_ID, "ours lock(), Redlock on 3 masters");
		TOPOLOGY_LABELS.put(TopologyContender.REDLOCK_5_ID, "ours lock(), Redlock on 5 masters");
		TOPOLOGY_LABELS.put(TopologyContender.REDLOCK_5_PAUSED_ID, "ours lock(), Redlock on 5 masters, 1 paused");
		TOPOLOGY_LABELS.put(ManyWaitersScenario.VIRTUAL_ID, "ours lock() on virtual threads (30 s, renewed)");
	}

	private Contenders() {
	}

	/**
	 * Return whether the run's server needs a replica for these contenders.
	 * @param ids the contender ids
	 * @return whether to start one
	 */
	static boolean needReplica(List<String> ids) {
		return ids.contains(TopologyContender.ACKS_ID);
	}

	/**
	 * Return how many independent masters these contenders need beside the run's server.
	 * @param ids the contender ids
	 * @return how many to start
	 */
	static int mastersBeside(List<String> ids) {
		if (ids.contains(TopologyContender.REDLOCK_5_PAUSED_ID)) {
			return 5;
		}
		if (ids.contains(TopologyContender.REDLOCK_5_ID)) {
			return 4;
		}
		return ids.contains(TopologyContender.REDLOCK_3_ID) ? 2 : 0;
	}

	/**
	 * Return every contender id, the raw baseline first.
	 * @return the ids
	 */
	static List<String> ids() {
		return new ArrayList<>(LABELS.keySet());
	}

	static String label(String id) {
		return LABELS.getOrDefault(id, TOPOLOGY_LABELS.getOrDefault(id, id));
	}

	/**
	 * Create a contender connected to the server on the given port.
	 * @param id the contender id
	 * @param port the Redis port
	 * @return the contender
	 */
	static Contender create(String id, int port) {
		return switch (id) {
			case RawContender.ID -> new RawContender(port);
			case RawSpringDataContender.ID -> new RawSpringDataContender(port);
			case OurContender.LOCK_ID, OurContender.TRY_ID, OurContender.HANDOFF_ID -> new OurContender(port, id);
			case AnnotationContender.ID -> new AnnotationContender(port);
			case ReactiveContender.ID -> new ReactiveContender(port);
			case RedissonContender.LOCK_ID -> new RedissonContender(port, false);
			case RedissonContender.TRY_ID -> new RedissonContender(port, true);
			case RegistryContender.SPIN_ID -> new RegistryContender(port, false);
			case RegistryContender.PUB_SUB_ID -> new RegistryContender(port, true);
			case TopologyContender.ACKS_ID -> TopologyContender.acknowledged(port);
			case TopologyContender.REDLOCK_3_ID, TopologyContender.REDLOCK_5_ID -> TopologyContender.redlock(id, port);
			case TopologyContender.REDLOCK_5_PAUSED_ID -> TopologyContender.pausedRedlock(port);
			default -> throw new IllegalArgumentException(
					"Unknown contender '" + id + "'; known: " + LABELS.keySet() + " and " + TOPOLOGY_LABELS.keySet());
		};
	}

}
