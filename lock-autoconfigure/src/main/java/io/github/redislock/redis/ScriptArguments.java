// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.store.LockStore.AcquireResult;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.store.LockStore.Queueing;
import io.github.redislock.store.LockStore.Reacquisition;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.util.Assert;

/**
 * The keys and arguments of each lock script, in the order its header states, and what
 * its reply means: shared by the blocking and the asynchronous calls of the Redis store,
 * so both send the same bytes.
 *
 * @author redis-lock contributors
 */
final class ScriptArguments {

	private static final byte[] NO_QUEUEING = bytes("0");

	private static final byte[] QUEUED_BEFORE = bytes("1");

	private static final byte[] WAKE_UNQUEUED = bytes("1");

	/** Bounds the work of one {@code renew-all.lua} call. */
	private static final int MAX_RENEWALS_PER_CALL = 500;

	/** Keys of {@code acquire.lua}: lock, waiters and queue. */
	static final int QUEUE_SCRIPT_KEYS = 3;

	/** Keys of {@code release.lua}: lock, waiters, queue and released-by. */
	static final int RELEASE_SCRIPT_KEYS = 4;

	/** Keys of {@code reacquire.lua}: lock, waiters and released-by. */
	static final int REACQUIRE_SCRIPT_KEYS = 3;

	/**
	 * How long a release is remembered, so that the same release re-sent after a dropped
	 * connection lost its reply is not reported as a loss: longer than a reconnection
	 * takes.
	 */
	private static final byte[] RELEASE_MEMORY_MILLIS = bytes(Long.toString(Duration.ofSeconds(10).toMillis()));

	private final RedisLockKeys keys;

	/** '1' when waiters do not queue, so that every release wakes them. */
	private final byte[] wakeOnEveryRelease;

	ScriptArguments(RedisLockKeys keys, boolean waitersQueue) {
		this.keys = keys;
		this.wakeOnEveryRelease = waitersQueue ? NO_QUEUEING : WAKE_UNQUEUED;
	}

	byte[][] acquireArguments(String name, String ownerToken, long lease, @Nullable Queueing queueing, String fields,
			String acquiredAt) {
		byte[] queueFor = NO_QUEUEING;
		byte[] handOffLease = NO_QUEUEING;
		byte[] ticket = NO_QUEUEING;
		byte[] queuedBefore = NO_QUEUEING;
		if (queueing != null) {
			queueFor = bytes(Long.toString(Math.max(1, queueing.validity().toMillis())));
			handOffLease = bytes(Long.toString(leaseMillis(name, queueing.handOffLease())));
			ticket = bytes(Long.toString(queueing.ticket()));
			queuedBefore = queueing.queuedBefore() ? QUEUED_BEFORE : NO_QUEUEING;
		}
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.waitersKey(name)),
				bytes(this.keys.queueKey(name)), bytes(ownerToken), bytes(Long.toString(lease)), queueFor, handOffLease,
				ticket, queuedBefore, bytes(fields), bytes(acquiredAt) };
	}

	/** See acquire.lua: a positive reply names the grant the lock is recorded under. */
	static AcquireResult acquireResult(String ownerToken, long reply) {
		if (reply == 0) {
			return AcquireResult.ACQUIRED;
		}
		return (reply > 0) ? AcquireResult.acquiredAs(ownerToken + "#" + reply) : AcquireResult.busy(-reply - 1);
	}

	byte[][] fenceArguments(String name, String ownerToken) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.fenceCounterKey(name)),
				bytes(ownerToken) };
	}

	byte[][] raiseFenceArguments(String name, String ownerToken, long token) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.fenceCounterKey(name)), bytes(ownerToken),
				bytes(Long.toString(token)) };
	}

	byte[][] raiseCounterArguments(String name, long token) {
		return new byte[][] { bytes(this.keys.fenceCounterKey(name)), bytes(Long.toString(token)) };
	}

	byte[][] reacquireArguments(String name, String ownerToken, String nextOwnerToken, Duration leaseTime) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.waitersKey(name)),
				bytes(this.keys.releasedByKey(name)), bytes(ownerToken),
				bytes(Long.toString(leaseMillis(name, leaseTime))), bytes(nextOwnerToken), RELEASE_MEMORY_MILLIS };
	}

	static @Nullable Reacquisition reacquisition(long reply) {
		return (reply != 0) ? new Reacquisition(reply < 0) : null;
	}

	byte[][] renewArguments(String name, String ownerToken, Duration leaseTime) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(ownerToken),
				bytes(Long.toString(leaseMillis(name, leaseTime))) };
	}

	/**
	 * At most {@value #MAX_RENEWALS_PER_CALL} leases per call, sharing one lease length,
	 * one owner token prefix and, on a cluster, one hash slot.
	 */
	List<RenewalCall> renewalCalls(List<LeaseRenewal> renewals, boolean cluster) {
		Map<RenewalGroup, List<Integer>> groups = new LinkedHashMap<>();
		for (int i = 0; i < renewals.size(); i++) {
			LeaseRenewal renewal = renewals.get(i);
			int slot = cluster ? ClusterSlotHashUtil.calculateSlot(bytes(this.keys.lockKey(renewal.name()))) : 0;
			String ownerToken = renewal.ownerToken();
			String prefix = ownerToken.substring(0, ownerToken.lastIndexOf(':') + 1);
			long lease = leaseMillis(renewal.name(), renewal.leaseTime());
			groups.computeIfAbsent(new RenewalGroup(slot, lease, prefix), (group) -> new ArrayList<>()).add(i);
		}
		List<RenewalCall> calls = new ArrayList<>();
		groups.forEach((group, members) -> {
			for (int from = 0; from < members.size(); from += MAX_RENEWALS_PER_CALL) {
				List<Integer> indexes = members.subList(from, Math.min(members.size(), from + MAX_RENEWALS_PER_CALL));
				int count = indexes.size();
				byte[][] keysAndArgs = new byte[2 * count + 2][];
				keysAndArgs[count] = bytes(Long.toString(group.lease()));
				keysAndArgs[count + 1] = bytes(group.ownerTokenPrefix());
				for (int i = 0; i < count; i++) {
					LeaseRenewal renewal = renewals.get(indexes.get(i));
					keysAndArgs[i] = bytes(this.keys.lockKey(renewal.name()));
					keysAndArgs[count + 2 + i] = bytes(
							renewal.ownerToken().substring(group.ownerTokenPrefix().length()));
				}
				calls.add(new RenewalCall(indexes, keysAndArgs));
			}
		});
		return calls;
	}

	private record RenewalGroup(int slot, long lease, String ownerTokenPrefix) {

	}

	static List<Boolean> renewedByReplies(@Nullable List<?> replies, int count) {
		Assert.state(replies != null && replies.size() == count, "Redis returned no reply for " + count + " renewals");
		List<Boolean> renewed = new ArrayList<>(count);
		for (Object reply : replies) {
			renewed.add(Long.valueOf(1).equals(reply));
		}
		return renewed;
	}

	/** One {@code renew-all.lua} call; {@code indexes} are its renewals' positions. */
	record RenewalCall(List<Integer> indexes, byte[][] keysAndArgs) {

	}

	/** As {@link #releaseArguments}, without the key that remembers releases. */
	byte[][] giveBackArguments(String name, String ownerToken) {
		byte[][] release = releaseArguments(name, ownerToken);
		byte[][] giveBack = new byte[release.length - 1][];
		System.arraycopy(release, 0, giveBack, 0, RELEASE_SCRIPT_KEYS - 1);
		System.arraycopy(release, RELEASE_SCRIPT_KEYS, giveBack, RELEASE_SCRIPT_KEYS - 1,
				release.length - RELEASE_SCRIPT_KEYS);
		return giveBack;
	}

	byte[][] releaseArguments(String name, String ownerToken) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.waitersKey(name)),
				bytes(this.keys.queueKey(name)), bytes(this.keys.releasedByKey(name)), bytes(ownerToken),
				bytes(this.keys.channel(name)), bytes(HolderRecord.now()), this.wakeOnEveryRelease,
				bytes(this.keys.handOffChannelPrefix()), RELEASE_MEMORY_MILLIS };
	}

	/**
	 * {@code release.lua} replies 1 when it released the owner's lock, 2 when an earlier
	 * run of the same release (re-sent after a lost reply) did.
	 */
	static boolean released(long reply) {
		return reply == 1 || reply == 2;
	}

	byte[][] forceReleaseArguments(String name) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.channel(name)) };
	}

	static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	static long leaseMillis(String name, Duration leaseTime) {
		// Also for direct callers: PEXPIRE 0 or a negative PX deletes the key or fails.
		return LockDefinition.checkLeaseTime(leaseTime, () -> "Lease time of lock '" + name + "'").toMillis();
	}

}
