// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.github.redislock.redis.HolderRecords;
import io.github.redislock.store.LockStore;
import io.github.redislock.test.AbstractLockStoreContractTests;
import io.github.redislock.test.RecordedHolder;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.awaitility.Awaitility.await;

/**
 * The store contract on a Redlock of three real masters: what the engine relies on holds
 * for a majority as for one Redis, apart from what a Redlock does not offer (queueing,
 * and passing a lock to another owner of the holder's process).
 *
 * @author redis-lock contributors
 */
class RedlockStoreContractTests extends AbstractLockStoreContractTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private @Nullable RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@Override
	protected LockStore createStore() {
		this.redlock = RedlockNodes.on(masters);
		return this.redlock.store;
	}

	@Override
	protected void clean(LockStore store) {
		if (this.redlock != null) {
			this.redlock.closeAndHeal();
			this.redlock = null;
		}
	}

	/**
	 * Wait for the masters' clock, the one they expire keys by: they share this
	 * machine's.
	 */
	@Override
	protected void letPass(Duration time) {
		long until = serverMillis() + time.toMillis();
		await().atMost(time.plusSeconds(5)).pollInterval(Duration.ofMillis(10)).until(() -> serverMillis() > until);
	}

	/**
	 * The lock keys on any master, once the calls still in flight arrived: a Redlock
	 * decides once a majority answered, and the last master carries out its call a moment
	 * later.
	 */
	@Override
	protected Collection<String> locksInUse() {
		try {
			await().atMost(Duration.ofSeconds(2)).until(() -> lockKeys().isEmpty());
		}
		catch (ConditionTimeoutException ex) {
			// Reported by the caller, with the keys left.
		}
		return lockKeys();
	}

	private static Set<String> lockKeys() {
		Set<String> keys = new TreeSet<>();
		for (RedisNode master : masters) {
			if (master.command("KEYS", "lock:*") instanceof List<?> list) {
				list.stream()
					.map(String::valueOf)
					.filter((key) -> !key.endsWith(":fence-counter") && !key.endsWith(":released-by"))
					.forEach((key) -> keys.add(master.port() + " " + key));
			}
		}
		return keys;
	}

	/**
	 * The holder as the first master records it, once every master carried out the calls
	 * still in flight: each master stamps its own time of acquisition.
	 */
	@Override
	protected @Nullable RecordedHolder recordedHolder(String name) {
		String key = "lock:{" + name + "}";
		await().atMost(Duration.ofSeconds(2))
			.until(() -> masters.stream().map((master) -> master.command("EXISTS", key)).distinct().count() == 1);
		Object value = masters.get(0).command("GET", key);
		return (value != null) ? HolderRecords.parse(String.valueOf(value)) : null;
	}

	/**
	 * A Redlock cannot pass a lock on: each master would have to agree on the next owner.
	 */
	@Override
	protected boolean reacquires() {
		return false;
	}

	private static long serverMillis() {
		List<?> time = (List<?>) masters.get(0).command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1000 + Long.parseLong(String.valueOf(time.get(1))) / 1000;
	}

}
