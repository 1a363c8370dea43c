// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.util.List;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.LeaseView;
import io.github.redislock.engine.WaiterView;

/**
 * The Actuator endpoint {@code locks}: the locks this instance holds now, with what an
 * operator needs to find a hung holder, and the waits in progress. Each instance shows
 * only its own, so looking costs no round trip to Redis and holds no lock.
 * <p>
 * {@code DELETE /actuator/locks/{name}} releases a lock a thread of this instance holds
 * (see {@link DefaultLockClient#revoke(String)}), never another instance's. It lets
 * another holder in while the hung thread may still run, so expose it only to operators,
 * behind the security of the other write endpoints.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Endpoint(id = "locks")
public class LocksEndpoint {

	private final DefaultLockClient client;

	private final UnaryOperator<@Nullable String> keys;

	/**
	 * Create the endpoint.
	 * @param client the client whose locks are shown
	 * @param keys gives the store key of a lock name, or {@code null} when the store has
	 * no keys to show
	 */
	public LocksEndpoint(DefaultLockClient client, UnaryOperator<@Nullable String> keys) {
		this.client = client;
		this.keys = keys;
	}

	/**
	 * Return the locks held and waited for by this instance now.
	 * @return the locks
	 */
	@ReadOperation
	public LocksReport locks() {
		List<HeldLockReport> held = this.client.heldLocks()
			.stream()
			.map((lock) -> HeldLockReport.of(lock, this.keys.apply(lock.name())))
			.toList();
		return new LocksReport(this.client.getInstanceId(), held, this.client.waits());
	}

	/**
	 * Release a lock that a thread of this instance holds; never another instance's.
	 * @param name the lock name
	 * @return whether it was released, and what that means
	 */
	@DeleteOperation
	public LockRelease release(@Selector String name) {
		boolean released = this.client.revoke(name);
		return new LockRelease(name, released,
				released ? "released; its holder gets LockLostException when it unlocks it"
						: "not held by this instance: nothing released");
	}

	/**
	 * The locks of this instance.
	 *
	 * @param instance the random id of this instance, which its owner tokens in Redis
	 * start with, and which Redis records as the holder when
	 * {@code redis-lock.holder-details} is off
	 * @param held the locks held, by name
	 * @param waits the locks waited for, by name
	 */
	public record LocksReport(String instance, List<HeldLockReport> held, List<WaiterView> waits) {

	}

	/**
	 * A lock held, with times as text and milliseconds, which every JSON set-up of
	 * Actuator writes the same way.
	 *
	 * @param name the lock name
	 * @param key the Redis key, or {@code null} if the store is not Redis
	 * @param ownerThread the holding thread, or {@code null} while none holds it
	 * @param holdCount the holding thread's holds, re-entries included
	 * @param acquiredAt when it was taken, ISO-8601
	 * @param remainingLeaseMillis how much of the lease is known to be left
	 * @param renewing whether the lease is renewed
	 * @param fencingToken the fencing token, or {@code null} if none was issued
	 * @param method what took it, or {@code null} when unknown
	 */
	public record HeldLockReport(String name, @Nullable String key, @Nullable String ownerThread, int holdCount,
			String acquiredAt, long remainingLeaseMillis, boolean renewing, @Nullable Long fencingToken,
			@Nullable String method) {

		static HeldLockReport of(LeaseView lock, @Nullable String key) {
			return new HeldLockReport(lock.name(), key, lock.ownerThread(), lock.holdCount(),
					lock.acquiredAt().toString(), lock.remainingLease().toMillis(), lock.renewing(),
					lock.fencingToken(), lock.method());
		}

	}

	/**
	 * The outcome of a release.
	 *
	 * @param name the lock name
	 * @param released whether this instance held it and released it
	 * @param detail what happened
	 */
	public record LockRelease(String name, boolean released, String detail) {

	}

}
