// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongPredicate;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.store.AsyncLockStore;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.util.Assert;

/**
 * A {@link LockStore} in one Redis deployment (standalone, Sentinel or Cluster, as the
 * template's connection factory is set up). Each operation is one Lua script, so one
 * round trip, except the first attempt of an acquisition, a bare {@code SET NX PX}; see
 * the scripts under {@code META-INF/redis-lock/scripts} for the layout. The value of a
 * lock key is the owner token followed by a description of the holder (see
 * {@link HolderRecord}), so that {@code GET} on the key in {@code redis-cli} shows who
 * holds the lock.
 * <p>
 * Over 300 lines because it is the Redis side of every {@link LockStore} operation, each
 * a script call with its arguments and its reply read; what is not about one operation
 * lives elsewhere: the key layout in {@link RedisLockKeys}, the scripts in
 * {@link LuaScript}, the holder's record in {@link HolderRecord}, the release
 * notifications in {@link ReleaseSubscriptions}, the waits for replicas in
 * {@link AcknowledgedWrites}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisLockStore implements LockStore, AutoCloseable {

	/**
	 * The shortest time a fence key is kept, so that fencing tokens keep growing across a
	 * backwards step of the Redis server clock shorter than this.
	 */
	private static final long MIN_FENCE_RETENTION_MILLIS = Duration.ofMinutes(1).toMillis();

	private static final byte[] NO_QUEUEING = bytes("0");

	private static final byte[] QUEUED_BEFORE = bytes("1");

	private static final byte[] WAKE_UNQUEUED = bytes("1");

	/** The most leases renewed by one script call, to bound the work of one call. */
	private static final int MAX_RENEWALS_PER_CALL = 500;

	/** Keys of {@code acquire.lua}: lock, waiters and queue. */
	static final int QUEUE_SCRIPT_KEYS = 3;

	/** Keys of {@code release.lua}: lock, waiters, queue and released-by. */
	static final int RELEASE_SCRIPT_KEYS = 4;

	/**
	 * How long a release is remembered, so that the same release run again (a client
	 * sends a command again when a dropped connection lost its reply) is not reported as
	 * a loss: longer than a reconnection takes.
	 */
	private static final byte[] RELEASE_MEMORY_MILLIS = bytes(Long.toString(Duration.ofSeconds(10).toMillis()));

	private final RedisConnectionFactory connectionFactory;

	private final RedisLockKeys keys;

	private final ReleaseSubscriptions subscriptions;

	private final @Nullable AcknowledgedWrites acknowledgedWrites;

	/** Whether a release that hands nothing on publishes anyway: '1' or '0'. */
	private final byte[] wakeOnEveryRelease;

	/**
	 * The non-blocking calls, over Lettuce's reactive connection; {@code null} with a
	 * client that has none (Jedis), or when each write waits for replicas.
	 */
	private final @Nullable RedisAsyncLockStore async;

	/**
	 * Whether lock values and queue places name the holder's host, pid, thread and
	 * method, or only the instance.
	 */
	private volatile boolean holderDetails = true;

	/**
	 * Create a store with keys under {@code lock:}.
	 * @param redis the template whose connection factory runs the scripts
	 */
	public RedisLockStore(StringRedisTemplate redis) {
		this(redis, "lock:");
	}

	/**
	 * Create a store. Only the template's connection factory is kept: every command runs
	 * on a connection taken straight from it, so the template's own settings, transaction
	 * support among them, never apply to locks.
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix) {
		this(redis, keyPrefix, ReplicaAcknowledgement.NONE);
	}

	/**
	 * Create a store whose acquisitions, renewals, reacquisitions and fencing tokens
	 * return only once the given replicas acknowledged them. Releases are not awaited: a
	 * release lost in a failover only keeps the lock until its lease runs out. Nor are
	 * waiters queued for a hand-off: a lock handed over by a release would reach its new
	 * holder before any replica acknowledged it, so each waiter takes the lock itself,
	 * woken by the release's notification.
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 * @param acknowledgement how many replicas acknowledge each write, and how long they
	 * have
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix, ReplicaAcknowledgement acknowledgement) {
		this(redis, keyPrefix, acknowledgement, !acknowledgement.awaited());
	}

	/**
	 * Create a store that may be told its callers never queue: the nodes of a Redlock,
	 * whose waiters cannot be handed a lock by one node alone. Every release then wakes
	 * the waiters, which would otherwise only hear of releases that handed the lock on.
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 * @param acknowledgement how many replicas acknowledge each write, and how long they
	 * have
	 * @param waitersQueue whether waiters queue for hand-offs; with replica
	 * acknowledgement they never do
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix, ReplicaAcknowledgement acknowledgement,
			boolean waitersQueue) {
		Assert.notNull(redis, "StringRedisTemplate must not be null");
		Assert.notNull(acknowledgement, "ReplicaAcknowledgement must not be null");
		this.connectionFactory = redis.getRequiredConnectionFactory();
		this.keys = new RedisLockKeys(keyPrefix);
		this.subscriptions = new ReleaseSubscriptions(this.connectionFactory, this.keys);
		this.acknowledgedWrites = acknowledgement.awaited() ? new AcknowledgedWrites(acknowledgement) : null;
		this.wakeOnEveryRelease = (!waitersQueue || acknowledgement.awaited()) ? WAKE_UNQUEUED : NO_QUEUEING;
		this.async = (this.connectionFactory instanceof ReactiveRedisConnectionFactory reactive
				&& !acknowledgement.awaited()) ? new RedisAsyncLockStore(this, reactive) : null;
	}

	/**
	 * Open the connections the store calls Redis over now, at start-up, rather than at
	 * the first call that needs one: on a Redis Cluster, opening a connection asks a
	 * server for the topology, and a server that stopped answering by then would hold up
	 * every lease renewal, those kept by the other servers included, until its timeout. A
	 * server that cannot be reached leaves the connection to the first call.
	 */
	public void openConnections() {
		if (this.async != null) {
			this.async.openConnection();
		}
	}

	/**
	 * Check that the Redis masters of this store cannot evict lock keys; see
	 * {@link EvictionPolicyCheck}. Meant for start-up: one {@code CONFIG GET} per master.
	 * @param check what to do with a policy that can evict lock keys
	 * @throws InvalidLockConfigurationException if {@code check} is
	 * {@link EvictionCheck#FAIL} and a master with a {@code maxmemory} limit can evict
	 * lock keys
	 */
	public void checkEvictionPolicy(EvictionCheck check) {
		EvictionPolicyCheck.check(check, List.of(this.connectionFactory));
	}

	/**
	 * Set whether the value of a lock key, and a waiter's place in the queue, name the
	 * holder's host, process id, thread and method (the default) for operators, or only
	 * the random id of the holder's client instance, which its owner tokens start with,
	 * for deployments that must not put those details in a shared Redis.
	 * @param holderDetails whether to record the holder's details
	 */
	public void setHolderDetails(boolean holderDetails) {
		this.holderDetails = holderDetails;
	}

	/**
	 * Return the holder as the scripts record it, see {@link #setHolderDetails}.
	 * @param ownerToken the holder's owner token
	 * @param holder the holder
	 * @return the fields of the holder record
	 */
	String holderFields(String ownerToken, LockHolder holder) {
		return this.holderDetails ? HolderRecord.fields(holder) : HolderRecord.instanceFields(ownerToken);
	}

	/**
	 * Return the Redis key that holds a lock, for operators who look it up with
	 * {@code redis-cli} (its value names the holder).
	 * @param name the lock name
	 * @return the lock key
	 */
	public String lockKey(String name) {
		return this.keys.lockKey(name);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return tryAcquire(name, ownerToken, leaseTime, null, LockHolder.currentThread(null));
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return tryAcquire(name, ownerToken, leaseTime, queueing, LockHolder.currentThread(null));
	}

	/**
	 * Take the lock, with the holder written into the value of the lock key after the
	 * owner token (see {@link HolderRecord}): no command more than without it.
	 */
	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
			LockHolder holder) {
		long lease = leaseMillis(name, leaseTime);
		byte[] lockKey = bytes(this.keys.lockKey(name));
		String fields = holderFields(ownerToken, holder);
		String acquiredAt = HolderRecord.now();
		if (this.acknowledgedWrites != null) {
			return acknowledgedAcquire(name, ownerToken, lockKey, lease, fields, acquiredAt);
		}
		if (queueing == null) {
			if (setIfAbsent(name, lockKey, HolderRecord.value(ownerToken, fields, acquiredAt), lease)) {
				return AcquireResult.ACQUIRED;
			}
			AcquireResult busy = busy(name, lockKey, ownerToken);
			if (busy != null) {
				return busy;
			}
		}
		long value = runForLong(name, LuaScript.ACQUIRE, QUEUE_SCRIPT_KEYS,
				acquireArguments(name, ownerToken, lease, queueing, fields, acquiredAt));
		return acquireResult(value);
	}

	/**
	 * The keys and arguments of {@code acquire.lua}.
	 */
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

	static AcquireResult acquireResult(long reply) {
		return (reply == 0) ? AcquireResult.ACQUIRED : AcquireResult.busy(-reply - 1);
	}

	/**
	 * With Lettuce, over its reactive connection; not when replicas are awaited, which
	 * takes a {@code WAIT} on the connection that wrote.
	 */
	@Override
	public @Nullable AsyncLockStore async() {
		return this.async;
	}

	/**
	 * Not when replicas are awaited: a lock handed over by a release would reach its new
	 * holder before any replica acknowledged it.
	 */
	@Override
	public boolean queuesWaiters() {
		return this.acknowledgedWrites == null;
	}

	/**
	 * Take the lock without queueing, and give it back unless the replicas acknowledge.
	 */
	private AcquireResult acknowledgedAcquire(String name, String ownerToken, byte[] lockKey, long lease, String fields,
			String acquiredAt) {
		byte[] waitersKey = bytes(this.keys.waitersKey(name));
		byte[] queueKey = bytes(this.keys.queueKey(name));
		long value = acknowledged(name, lockKey, "Lock '" + name + "' was taken",
				(node) -> node.runScript(LuaScript.ACQUIRE, QUEUE_SCRIPT_KEYS, lockKey, waitersKey, queueKey,
						bytes(ownerToken), bytes(Long.toString(lease)), NO_QUEUEING, NO_QUEUEING, NO_QUEUEING,
						NO_QUEUEING, bytes(fields), bytes(acquiredAt)),
				(reply) -> reply == 0,
				(node) -> node.runScript(LuaScript.RELEASE, QUEUE_SCRIPT_KEYS, lockKey, waitersKey, queueKey,
						bytes(ownerToken), bytes(this.keys.channel(name)), bytes(HolderRecord.now()), WAKE_UNQUEUED,
						bytes(this.keys.handOffChannelPrefix())));
		return (value == 0) ? AcquireResult.ACQUIRED : AcquireResult.busy(-value - 1);
	}

	/**
	 * The first attempt of an acquisition is the bare {@code SET NX PX}: most locks are
	 * free, and a script costs the server more. Only a busy lock takes a second round
	 * trip, to the script, which tells how long the holder keeps it and whether the
	 * holder is the caller after all (an earlier acquisition whose reply was lost).
	 */
	/**
	 * After a first attempt found the lock busy, read how long the holder keeps it: two
	 * reads cost Redis less than a script. A lock recorded for this owner already (the
	 * attempt was sent again after a dropped connection lost its reply) is taken again by
	 * the script, with a fresh lease.
	 */
	private @Nullable AcquireResult busy(String name, byte[] lockKey, String ownerToken) {
		byte[] value = execute((connection) -> connection.stringCommands().get(lockKey));
		if (value != null) {
			String owner = new String(value, StandardCharsets.UTF_8);
			int space = owner.indexOf(' ');
			if (ownerToken.equals((space < 0) ? owner : owner.substring(0, space))) {
				return null;
			}
		}
		Long remaining = execute((connection) -> connection.keyCommands().pTtl(lockKey));
		if (remaining == null) {
			throw new IllegalStateException(noReply(name));
		}
		return AcquireResult.busy(Math.max(0, remaining));
	}

	private boolean setIfAbsent(String name, byte[] lockKey, byte[] value, long lease) {
		Boolean set = execute((connection) -> connection.stringCommands()
			.set(lockKey, value, Expiration.milliseconds(lease), SetOption.ifAbsent()));
		if (set == null) {
			throw new IllegalStateException(noReply(name));
		}
		return set;
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		byte[][] keysAndArgs = fenceArguments(name, ownerToken, leaseTime);
		if (this.acknowledgedWrites != null) {
			return acknowledged(name, keysAndArgs[0], "A fencing token for lock '" + name + "' was issued",
					(node) -> node.runScript(LuaScript.FENCE, 2, keysAndArgs), (reply) -> reply > 0, null);
		}
		return runForLong(name, LuaScript.FENCE, 2, keysAndArgs);
	}

	/**
	 * The keys and arguments of {@code fence.lua}.
	 */
	byte[][] fenceArguments(String name, String ownerToken, Duration leaseTime) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.fenceKey(name)), bytes(ownerToken),
				fenceRetention(name, leaseTime) };
	}

	/**
	 * Raise the last fencing token issued for a lock name to at least the given one. For
	 * a store over several Redis deployments, such as a Redlock, which issues the largest
	 * token of several and must keep each deployment's tokens above it.
	 * @param name the lock name
	 * @param token the token to raise to
	 * @param leaseTime the holder's lease, which the fence key outlives
	 */
	public void raiseFencingToken(String name, long token, Duration leaseTime) {
		runForLong(name, LuaScript.RAISE_FENCE, 1, bytes(this.keys.fenceKey(name)), bytes(Long.toString(token)),
				fenceRetention(name, leaseTime));
	}

	@Override
	public @Nullable Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		long lease = leaseMillis(name, leaseTime);
		byte[][] keysAndArgs = { bytes(this.keys.lockKey(name)), bytes(this.keys.waitersKey(name)), bytes(ownerToken),
				bytes(Long.toString(lease)), bytes(nextOwnerToken) };
		long value = (this.acknowledgedWrites != null)
				? acknowledged(name, keysAndArgs[0], "Lock '" + name + "' was taken over with a new lease",
						(node) -> node.runScript(LuaScript.REACQUIRE, 2, keysAndArgs), (reply) -> reply != 0, null)
				: runForLong(name, LuaScript.REACQUIRE, 2, keysAndArgs);
		return (value != 0) ? new Reacquisition(value < 0) : null;
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		byte[][] keysAndArgs = renewArguments(name, ownerToken, leaseTime);
		if (this.acknowledgedWrites != null) {
			return execute(
					(connection) -> renewAcknowledged(connection, new LeaseRenewal(name, ownerToken, leaseTime)));
		}
		return runForLong(name, LuaScript.RENEW, 1, keysAndArgs) == 1;
	}

	/**
	 * The keys and arguments of {@code renew.lua}.
	 */
	byte[][] renewArguments(String name, String ownerToken, Duration leaseTime) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(ownerToken),
				bytes(Long.toString(leaseMillis(name, leaseTime))) };
	}

	/**
	 * Renew many leases with one script call per few hundred locks: see
	 * {@link #renewAllAsync}.
	 */
	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<Boolean> renewed = new ArrayList<>(renewals.size());
		for (CompletableFuture<Boolean> reply : renewAllAsync(renewals, Duration.ofNanos(Long.MAX_VALUE))) {
			try {
				renewed.add(reply.join());
			}
			catch (CompletionException ex) {
				throw runtimeFailure(ex.getCause());
			}
		}
		return renewed;
	}

	/**
	 * Renew many leases with one script call per few hundred locks, each call answered on
	 * its own. On Redis Cluster a script may only touch keys of one hash slot, so the
	 * leases are grouped by slot, computed like Redis does from the UTF-8 bytes sent, not
	 * from the JVM's default charset, in which distinct names may share bytes. With
	 * Lettuce the calls are sent all at once over its reactive connection: a round trip
	 * or so per master whatever the number of leases, and a call not answered within the
	 * given time fails. A blocking client sends one call after another, each waiting as
	 * long as its own timeout.
	 */
	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		List<CompletableFuture<Boolean>> replies = new ArrayList<>(renewals.size());
		for (int i = 0; i < renewals.size(); i++) {
			replies.add(new CompletableFuture<>());
		}
		if (this.async != null) {
			List<RenewalCall> calls = renewalCalls(renewals,
					this.connectionFactory instanceof LettuceConnectionFactory lettuce && lettuce.isClusterAware());
			List<CompletableFuture<List<Boolean>>> callReplies = this.async.renewAll(calls, timeout);
			for (int c = 0; c < calls.size(); c++) {
				RenewalCall call = calls.get(c);
				callReplies.get(c).whenComplete((renewed, ex) -> complete(replies, call, renewed, ex));
			}
			return replies;
		}
		try {
			execute((connection) -> {
				boolean cluster = connection instanceof RedisClusterConnection;
				if (cluster && this.acknowledgedWrites != null) {
					// A batch spans masters, and each must be waited on: one renewal at a
					// time.
					for (int i = 0; i < renewals.size(); i++) {
						try {
							replies.get(i).complete(renewAcknowledged(connection, renewals.get(i)));
						}
						catch (RuntimeException ex) {
							replies.get(i).completeExceptionally(ex);
						}
					}
					return null;
				}
				List<RenewalCall> calls = renewalCalls(renewals, cluster);
				List<@Nullable List<Boolean>> renewed = new ArrayList<>(calls.size());
				for (RenewalCall call : calls) {
					try {
						List<?> callReplies = LuaScript.RENEW_ALL.run(connection, ReturnType.MULTI,
								call.indexes().size(), call.keysAndArgs());
						renewed.add(renewedByReplies(callReplies, call.indexes().size()));
					}
					catch (RuntimeException ex) {
						if (this.acknowledgedWrites != null) {
							throw ex;
						}
						renewed.add(null);
						complete(replies, call, null, ex);
					}
				}
				if (this.acknowledgedWrites != null) {
					// One server, whose replicas acknowledge the whole batch or none of
					// it.
					this.acknowledgedWrites.await(connection,
							renewals.stream().map(LeaseRenewal::name).collect(Collectors.joining(", ")),
							renewals.size() + " leases were extended");
				}
				for (int c = 0; c < calls.size(); c++) {
					List<Boolean> callRenewed = renewed.get(c);
					if (callRenewed != null) {
						complete(replies, calls.get(c), callRenewed, null);
					}
				}
				return null;
			});
		}
		catch (RuntimeException ex) {
			replies.forEach((reply) -> reply.completeExceptionally(ex));
		}
		return replies;
	}

	private static void complete(List<CompletableFuture<Boolean>> replies, RenewalCall call,
			@Nullable List<Boolean> renewed, @Nullable Throwable failure) {
		for (int i = 0; i < call.indexes().size(); i++) {
			CompletableFuture<Boolean> reply = replies.get(call.indexes().get(i));
			if (renewed != null) {
				reply.complete(renewed.get(i));
			}
			else {
				reply.completeExceptionally(
						(failure != null) ? failure : new IllegalStateException("Redis did not answer the renewal"));
			}
		}
	}

	private static RuntimeException runtimeFailure(@Nullable Throwable failure) {
		if (failure instanceof RuntimeException runtime) {
			return runtime;
		}
		return new IllegalStateException("Lease renewal failed", failure);
	}

	private boolean renewAcknowledged(RedisConnection connection, LeaseRenewal renewal) {
		String name = renewal.name();
		byte[] lockKey = bytes(this.keys.lockKey(name));
		byte[] ownerToken = bytes(renewal.ownerToken());
		byte[] lease = bytes(Long.toString(leaseMillis(name, renewal.leaseTime())));
		return requireAcknowledgedWrites().run(connection, name, lockKey,
				"The lease of lock '" + name + "' was extended",
				(node) -> node.runScript(LuaScript.RENEW, 1, lockKey, ownerToken, lease), (reply) -> reply == 1,
				null) == 1;
	}

	/**
	 * Split the renewals into calls of {@code renew-all.lua}: at most
	 * {@value #MAX_RENEWALS_PER_CALL} leases each, of one lease length and one owner
	 * token prefix (a client's tokens share theirs), and of one hash slot on a cluster.
	 */
	private List<RenewalCall> renewalCalls(List<LeaseRenewal> renewals, boolean cluster) {
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

	/**
	 * What the leases renewed by one call share.
	 */
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

	/**
	 * One call of {@code renew-all.lua}.
	 *
	 * @param indexes the renewals it answers for, by their index in the batch
	 * @param keysAndArgs its keys and arguments
	 */
	record RenewalCall(List<Integer> indexes, byte[][] keysAndArgs) {

	}

	@Override
	public boolean release(String name, String ownerToken) {
		// Waiters that are not queued hear of every release, or they would wait out their
		// backoff.
		return released(runForLong(name, LuaScript.RELEASE, RELEASE_SCRIPT_KEYS, releaseArguments(name, ownerToken)));
	}

	/**
	 * The keys and arguments of {@code release.lua}.
	 */
	byte[][] releaseArguments(String name, String ownerToken) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.waitersKey(name)),
				bytes(this.keys.queueKey(name)), bytes(this.keys.releasedByKey(name)), bytes(ownerToken),
				bytes(this.keys.channel(name)), bytes(HolderRecord.now()), this.wakeOnEveryRelease,
				bytes(this.keys.handOffChannelPrefix()), RELEASE_MEMORY_MILLIS };
	}

	/**
	 * Whether a reply of {@code release.lua} says the lock was the owner's until it
	 * released it: by this call, or by an earlier run of the same release.
	 */
	static boolean released(long reply) {
		return reply == 1 || reply == 2;
	}

	@Override
	public boolean forceRelease(String name) {
		return runForLong(name, LuaScript.FORCE_RELEASE, 1, forceReleaseArguments(name)) == 1;
	}

	/**
	 * The keys and arguments of {@code force-release.lua}.
	 */
	byte[][] forceReleaseArguments(String name) {
		return new byte[][] { bytes(this.keys.lockKey(name)), bytes(this.keys.channel(name)) };
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return this.subscriptions.subscribe(this.keys.channel(name), null, listener);
	}

	/**
	 * Also subscribes the channel on which {@code release.lua} tells the waiter's client
	 * of hand-offs to it, before the listener is first told.
	 */
	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return this.subscriptions.subscribe(this.keys.channel(name), this.keys.handOffChannel(ownerToken), listener);
	}

	@Override
	public void close() {
		this.subscriptions.close();
	}

	private long runForLong(String name, LuaScript script, int numKeys, byte[]... keysAndArgs) {
		Long result = execute((connection) -> script.run(connection, ReturnType.INTEGER, numKeys, keysAndArgs));
		if (result == null) {
			throw new IllegalStateException(noReply(name));
		}
		return result;
	}

	private long acknowledged(String name, byte[] key, String description, ToLongFunction<NodeCommands> write,
			LongPredicate wrote, @Nullable ToLongFunction<NodeCommands> undo) {
		Long reply = execute((connection) -> requireAcknowledgedWrites().run(connection, name, key, description, write,
				wrote, undo));
		if (reply == null) {
			throw new IllegalStateException(noReply(name));
		}
		return reply;
	}

	private AcknowledgedWrites requireAcknowledgedWrites() {
		Assert.state(this.acknowledgedWrites != null, "Replica acknowledgement is not configured");
		return this.acknowledgedWrites;
	}

	private static String noReply(String name) {
		return "Redis returned no reply for lock '" + name + "': locks cannot be taken in a pipeline or transaction";
	}

	/**
	 * Run on a connection straight from the factory: no template decoration, proxy or
	 * transaction binding on the hot path of every lock, and no chance of a script being
	 * queued in a transaction whose reply comes too late.
	 */
	private <T> @Nullable T execute(RedisCallback<T> callback) {
		RedisConnection connection = this.connectionFactory.getConnection();
		try {
			return callback.doInRedis(connection);
		}
		finally {
			connection.close();
		}
	}

	/**
	 * The fence key outlives the hold its token was issued to, and lasts at least
	 * {@link #MIN_FENCE_RETENTION_MILLIS}.
	 */
	private static byte[] fenceRetention(String name, Duration leaseTime) {
		return bytes(Long.toString(Math.max(leaseMillis(name, leaseTime), MIN_FENCE_RETENTION_MILLIS)));
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	static long leaseMillis(String name, Duration leaseTime) {
		// The store is called directly too: PEXPIRE 0 or a negative PX would delete the
		// key or fail, so no lease reaches Redis unchecked.
		return LockDefinition.checkLeaseTime(leaseTime, () -> "Lease time of lock '" + name + "'").toMillis();
	}

}
