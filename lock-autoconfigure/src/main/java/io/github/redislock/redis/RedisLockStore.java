// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

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
 * template's connection factory is set up). Each operation is one round trip, a Lua
 * script or a bare {@code SET NX PX}; the scripts under
 * {@code META-INF/redis-lock/scripts} document the key layout. A lock key's value names
 * its holder, so that {@code GET} in {@code redis-cli} shows it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisLockStore implements LockStore, AutoCloseable {

	private final RedisConnectionFactory connectionFactory;

	private final RedisLockKeys keys;

	private final ScriptArguments arguments;

	private final ReleaseSubscriptions subscriptions;

	private final @Nullable AcknowledgedWrites acknowledgedWrites;

	/**
	 * {@code null} without Lettuce's shared connection (an unshared one is taken on the
	 * caller's thread, from a pool or by connecting), or when writes wait for replicas.
	 */
	private final @Nullable RedisAsyncLockStore async;

	private volatile boolean holderDetails = true;

	/**
	 * Create a store with keys under {@code lock:}.
	 * @param redis the template whose connection factory runs the scripts
	 */
	public RedisLockStore(StringRedisTemplate redis) {
		this(redis, "lock:");
	}

	/**
	 * Create a store. Only the template's connection factory is kept, so the template's
	 * own settings, transaction support among them, never apply to locks.
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix) {
		this(redis, keyPrefix, ReplicaAcknowledgement.NONE);
	}

	/**
	 * Create a store whose acquisitions, renewals, reacquisitions and fencing tokens
	 * return only once the given number of replicas acknowledged them: Redis replicates
	 * asynchronously, so a failover right after a grant may lose it and let a second
	 * holder in. A write not acknowledged in time fails the operation with a
	 * {@link io.github.redislock.core.LockStoreException}. Releases are not awaited, and
	 * waiters do not queue (see {@link #queuesWaiters}).
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 * @param replicas how many replicas must acknowledge each write, {@code 0} for none
	 * @param timeout how long to wait for them, at least 1 ms
	 * @param fsync whether each write must also reach the append-only file of the master
	 * and of those replicas ({@code WAITAOF}: Redis 7.2 or later, {@code appendonly yes})
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix, int replicas, Duration timeout, boolean fsync) {
		this(redis, keyPrefix, new ReplicaAcknowledgement(replicas, timeout, fsync));
	}

	/**
	 * Create a store whose callers may never queue, such as a Redlock node, which cannot
	 * hand a lock over alone: every release then wakes the waiters.
	 * @param redis the template whose connection factory runs the scripts
	 * @param keyPrefix prepended to every key
	 * @param waitersQueue whether waiters queue for hand-offs
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix, boolean waitersQueue) {
		this(redis, keyPrefix, ReplicaAcknowledgement.NONE, waitersQueue);
	}

	RedisLockStore(StringRedisTemplate redis, String keyPrefix, ReplicaAcknowledgement acknowledgement) {
		this(redis, keyPrefix, acknowledgement, !acknowledgement.awaited());
	}

	/** With replica acknowledgement waiters never queue. */
	RedisLockStore(StringRedisTemplate redis, String keyPrefix, ReplicaAcknowledgement acknowledgement,
			boolean waitersQueue) {
		Assert.notNull(redis, "StringRedisTemplate must not be null");
		Assert.notNull(acknowledgement, "ReplicaAcknowledgement must not be null");
		this.connectionFactory = redis.getRequiredConnectionFactory();
		this.keys = new RedisLockKeys(keyPrefix);
		this.subscriptions = new ReleaseSubscriptions(this.connectionFactory, this.keys);
		this.acknowledgedWrites = acknowledgement.awaited() ? new AcknowledgedWrites(acknowledgement) : null;
		this.arguments = new ScriptArguments(this.keys, waitersQueue && !acknowledgement.awaited());
		this.async = (this.connectionFactory instanceof LettuceConnectionFactory lettuce
				&& lettuce.getShareNativeConnection() && !acknowledgement.awaited()) ? new RedisAsyncLockStore(lettuce)
						: null;
	}

	/**
	 * Open the store's connection now rather than at the first call: on a Redis Cluster,
	 * a server that stopped answering when the topology is first read would otherwise
	 * hold up every renewal until its timeout.
	 */
	public void openConnections() {
		if (this.async != null) {
			try {
				this.connectionFactory.getConnection().close();
			}
			catch (RuntimeException ex) {
				// The first call that needs the connection opens it, or reports why not.
			}
		}
	}

	/**
	 * Check, under replica acknowledgement, that the master can acknowledge; meant for
	 * start-up. With {@code redis-lock.replica-ack.fsync} it must run Redis 7.2 or later
	 * with {@code appendonly yes}; fewer connected replicas than required are logged at
	 * WARN. A master that cannot be read passes.
	 * @throws InvalidLockConfigurationException if it cannot wait for the append-only
	 * files
	 */
	public void checkReplicaAcknowledgement() {
		if (this.acknowledgedWrites != null) {
			ReplicaAckCheck.check(this.connectionFactory, this.acknowledgedWrites.acknowledgement());
		}
	}

	/**
	 * Check that the Redis masters of this store cannot evict lock keys, with one
	 * {@code CONFIG GET} per master; meant for start-up. A master whose
	 * {@code maxmemory-policy} can evict keys with an expiry (every lock key has one) is
	 * logged at WARN, or refused; one whose policy cannot be read is logged.
	 * @param refuse whether to refuse a master that can evict lock keys and has a
	 * {@code maxmemory} limit, rather than warn about it
	 * @throws InvalidLockConfigurationException if {@code refuse} is set and such a
	 * master was found
	 */
	public void checkEvictionPolicy(boolean refuse) {
		checkEvictionPolicy(refuse, List.of(this));
	}

	/**
	 * Check the masters of several stores at once, such as the nodes of a Redlock, so
	 * that one message names every master that can evict lock keys.
	 * @param refuse whether to refuse a master that can evict lock keys and has a
	 * {@code maxmemory} limit, rather than warn about it
	 * @param stores the stores
	 * @throws InvalidLockConfigurationException if {@code refuse} is set and such a
	 * master was found
	 * @see #checkEvictionPolicy(boolean)
	 */
	public static void checkEvictionPolicy(boolean refuse, List<RedisLockStore> stores) {
		Assert.notNull(stores, "Stores must not be null");
		EvictionPolicyCheck.check(refuse, stores.stream().map((store) -> store.connectionFactory).toList());
	}

	/**
	 * Set whether a lock key's value and a waiter's queue place name the holder's host,
	 * process id, thread and method (the default), or only the random id of its client
	 * instance, for deployments that must not put those details in a shared Redis.
	 * @param holderDetails whether to record the holder's details
	 */
	public void setHolderDetails(boolean holderDetails) {
		this.holderDetails = holderDetails;
	}

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

	/**
	 * Return who holds a lock, as recorded with it, for operators: the JSON object of the
	 * holder's host, process id, thread, method and acquisition time (or only its client
	 * instance, without holder details), read with one {@code GET}.
	 * @param name the lock name
	 * @return the holder as JSON, or {@code null} if the lock is free
	 */
	public @Nullable String holderOf(String name) {
		byte[] value = execute(
				(connection) -> connection.stringCommands().get(ScriptArguments.bytes(this.keys.lockKey(name))));
		if (value == null) {
			return null;
		}
		String record = new String(value, StandardCharsets.UTF_8);
		int space = record.indexOf(' ');
		return (space < 0) ? null : record.substring(space + 1);
	}

	/**
	 * A non-queueing attempt first tries a bare {@code SET NX PX}: most locks are free,
	 * and a script costs the server more.
	 */
	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
			LockHolder holder) {
		LockStore.checkOwnerToken(name, ownerToken);
		long lease = ScriptArguments.leaseMillis(name, leaseTime);
		byte[] lockKey = ScriptArguments.bytes(this.keys.lockKey(name));
		String fields = holderFields(ownerToken, holder);
		String acquiredAt = HolderRecord.now();
		if (this.acknowledgedWrites != null) {
			return acknowledgedAcquire(name, ownerToken, lease, fields, acquiredAt);
		}
		if (queueing == null) {
			byte[] record = HolderRecord.value(ownerToken, fields, acquiredAt);
			if (executeForReply(name, (connection) -> connection.stringCommands()
				.set(lockKey, record, Expiration.milliseconds(lease), SetOption.ifAbsent()))) {
				return AcquireResult.ACQUIRED;
			}
			AcquireResult busy = busy(name, lockKey, ownerToken);
			if (busy != null) {
				return busy;
			}
		}
		long value = runForLong(name, LuaScript.ACQUIRE, ScriptArguments.QUEUE_SCRIPT_KEYS,
				this.arguments.acquireArguments(name, ownerToken, lease, queueing, fields, acquiredAt));
		return ScriptArguments.acquireResult(ownerToken, value);
	}

	/**
	 * Not without Lettuce's shared connection, nor when replicas are awaited: a
	 * {@code WAIT} must follow the write on the connection that sent it.
	 */
	@Override
	public boolean isNonBlocking() {
		return this.async != null;
	}

	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder) {
		LockStore.checkOwnerToken(name, ownerToken);
		return runAsync(LuaScript.ACQUIRE, ScriptArguments.QUEUE_SCRIPT_KEYS,
				() -> this.arguments.acquireArguments(name, ownerToken, ScriptArguments.leaseMillis(name, leaseTime),
						queueing, holderFields(ownerToken, holder), HolderRecord.now()),
				(reply) -> ScriptArguments.acquireResult(ownerToken, reply),
				() -> tryAcquire(name, ownerToken, leaseTime, queueing, holder));
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return runAsync(LuaScript.RENEW, 1, () -> this.arguments.renewArguments(name, ownerToken, leaseTime),
				(reply) -> reply == 1, () -> renew(name, ownerToken, leaseTime));
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		return runAsync(LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS,
				() -> this.arguments.releaseArguments(name, ownerToken), ScriptArguments::released,
				() -> release(name, ownerToken));
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return runAsync(LuaScript.FORCE_RELEASE, 1, () -> this.arguments.forceReleaseArguments(name),
				(reply) -> reply == 1, () -> forceRelease(name));
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		return runAsync(LuaScript.FENCE, 2, () -> this.arguments.fenceArguments(name, ownerToken), Function.identity(),
				() -> issueFencingToken(name, ownerToken, leaseTime));
	}

	/**
	 * Not when replicas are awaited: a lock handed over by a release would reach its new
	 * holder before any replica acknowledged it.
	 */
	@Override
	public boolean queuesWaiters() {
		return this.acknowledgedWrites == null;
	}

	/** Takes the lock, and gives it back unless the replicas acknowledge. */
	private AcquireResult acknowledgedAcquire(String name, String ownerToken, long lease, String fields,
			String acquiredAt) {
		byte[][] keysAndArgs = this.arguments.acquireArguments(name, ownerToken, lease, null, fields, acquiredAt);
		byte[][] giveBack = this.arguments.giveBackArguments(name, ownerToken);
		long value = acknowledged(name, keysAndArgs[0], "Lock '" + name + "' was taken",
				(node) -> node.runScript(LuaScript.ACQUIRE, ScriptArguments.QUEUE_SCRIPT_KEYS, keysAndArgs),
				(reply) -> reply >= 0,
				(node) -> node.runScript(LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS - 1, giveBack));
		return ScriptArguments.acquireResult(ownerToken, value);
	}

	/**
	 * Two reads cost Redis less than a script. {@code null} if the lock is already this
	 * owner's (an attempt re-sent after a dropped connection lost its reply): the script
	 * then takes it again with a fresh lease.
	 */
	private @Nullable AcquireResult busy(String name, byte[] lockKey, String ownerToken) {
		byte[] value = execute((connection) -> connection.stringCommands().get(lockKey));
		if (value != null) {
			String owner = new String(value, StandardCharsets.UTF_8);
			int space = owner.indexOf(' ');
			String recorded = (space < 0) ? owner : owner.substring(0, space);
			if (recorded.equals(ownerToken) || recorded.startsWith(ownerToken + "#")) {
				return null;
			}
		}
		Long remaining = executeForReply(name, (connection) -> connection.keyCommands().pTtl(lockKey));
		return AcquireResult.busy(Math.max(0, remaining));
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return write(name, "A fencing token for lock '" + name + "' was issued", LuaScript.FENCE, 2,
				this.arguments.fenceArguments(name, ownerToken), (reply) -> reply > 0);
	}

	/**
	 * Raise the token counter of a lock name to at least the given token, for a store
	 * over several deployments, such as a Redlock, whose tokens must stay above the
	 * largest handed out. Only a holder may raise it.
	 * @param name the lock name
	 * @param ownerToken the owner token of the caller
	 * @param token the token to raise to
	 * @return whether the caller held the lock, and the counter is at least the token
	 */
	public boolean raiseFencingToken(String name, String ownerToken, long token) {
		return runForLong(name, LuaScript.RAISE_FENCE, 2,
				this.arguments.raiseFenceArguments(name, ownerToken, token)) == 1;
	}

	/**
	 * As {@link #raiseFencingToken}, without blocking where the connection allows.
	 * @param name the lock name
	 * @param ownerToken the owner token of the caller
	 * @param token the token to raise to
	 * @return whether the caller held the lock, and the counter is at least the token
	 */
	public CompletionStage<Boolean> raiseFencingTokenAsync(String name, String ownerToken, long token) {
		return runAsync(LuaScript.RAISE_FENCE, 2, () -> this.arguments.raiseFenceArguments(name, ownerToken, token),
				(reply) -> reply == 1, () -> raiseFencingToken(name, ownerToken, token));
	}

	/**
	 * As {@link #lastFencingToken}, without blocking where the connection allows.
	 * @param name the lock name
	 * @return the last token, {@code 0} if none was issued or the counter was lost
	 */
	public CompletionStage<Long> lastFencingTokenAsync(String name) {
		if (this.async == null) {
			return LockStore.answered(() -> lastFencingToken(name));
		}
		return this.async.get(ScriptArguments.bytes(this.keys.fenceCounterKey(name)))
			.thenApply((value) -> (value != null && value.length > 0)
					? Long.parseLong(new String(value, StandardCharsets.UTF_8)) : 0L);
	}

	/**
	 * Return the last fencing token issued for the lock's hash slot, for a store over
	 * several deployments, such as a Redlock, whose next token must be larger than those
	 * that deployments where the caller does not hold the lock issued.
	 * @param name the lock name
	 * @return the last token, {@code 0} if none was issued or the counter was lost
	 */
	public long lastFencingToken(String name) {
		byte[] value = execute((connection) -> connection.stringCommands()
			.get(ScriptArguments.bytes(this.keys.fenceCounterKey(name))));
		return (value != null) ? Long.parseLong(new String(value, StandardCharsets.UTF_8)) : 0;
	}

	/**
	 * Under replica acknowledgement the raise waits for the replicas like a token, so
	 * that a failover to one that acknowledged keeps it.
	 */
	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		return write(name, "The fencing tokens of lock '" + name + "' were raised", LuaScript.RAISE_COUNTER, 1,
				this.arguments.raiseCounterArguments(name, token), (reply) -> true) == 1;
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return runAsync(LuaScript.RAISE_COUNTER, 1, () -> {
			LockStore.checkRaisableToken(name, token);
			return this.arguments.raiseCounterArguments(name, token);
		}, (reply) -> reply == 1, () -> raiseFencingTokensAbove(name, token));
	}

	@Override
	public @Nullable Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		if (!nextOwnerToken.equals(ownerToken)) {
			LockStore.checkOwnerToken(name, nextOwnerToken);
		}
		return ScriptArguments.reacquisition(write(name, "Lock '" + name + "' was taken over with a new lease",
				LuaScript.REACQUIRE, ScriptArguments.REACQUIRE_SCRIPT_KEYS,
				this.arguments.reacquireArguments(name, ownerToken, nextOwnerToken, leaseTime), (reply) -> reply != 0));
	}

	@Override
	public CompletionStage<@Nullable Reacquisition> reacquireAsync(String name, String ownerToken,
			String nextOwnerToken, Duration leaseTime) {
		return runAsync(LuaScript.REACQUIRE, ScriptArguments.REACQUIRE_SCRIPT_KEYS, () -> {
			if (!nextOwnerToken.equals(ownerToken)) {
				LockStore.checkOwnerToken(name, nextOwnerToken);
			}
			return this.arguments.reacquireArguments(name, ownerToken, nextOwnerToken, leaseTime);
		}, ScriptArguments::reacquisition, () -> reacquire(name, ownerToken, nextOwnerToken, leaseTime));
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		return write(name, "The lease of lock '" + name + "' was extended", LuaScript.RENEW, 1,
				this.arguments.renewArguments(name, ownerToken, leaseTime), (reply) -> reply == 1) == 1;
	}

	/**
	 * One {@code renew-all.lua} call per few hundred leases, grouped by hash slot on
	 * Redis Cluster. With Lettuce all calls go out at once and one not answered within
	 * {@code timeout} fails; a blocking client sends them one after another.
	 */
	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		List<CompletableFuture<Boolean>> replies = new ArrayList<>(renewals.size());
		for (int i = 0; i < renewals.size(); i++) {
			replies.add(new CompletableFuture<>());
		}
		if (this.async != null) {
			List<ScriptArguments.RenewalCall> calls = this.arguments.renewalCalls(renewals,
					this.connectionFactory instanceof LettuceConnectionFactory lettuce && lettuce.isClusterAware());
			List<CompletableFuture<List<Boolean>>> callReplies = this.async.renewAll(calls, timeout);
			for (int c = 0; c < calls.size(); c++) {
				ScriptArguments.RenewalCall call = calls.get(c);
				callReplies.get(c).whenComplete((renewed, ex) -> complete(replies, call, renewed, ex));
			}
			return replies;
		}
		try {
			execute((connection) -> {
				boolean cluster = connection instanceof RedisClusterConnection;
				if (cluster && this.acknowledgedWrites != null) {
					// A batch spans masters, each waited on separately: one renewal at a
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
				List<Runnable> renewed = new ArrayList<>();
				for (ScriptArguments.RenewalCall call : this.arguments.renewalCalls(renewals, cluster)) {
					try {
						List<?> callReplies = LuaScript.RENEW_ALL.run(connection, ReturnType.MULTI,
								call.indexes().size(), call.keysAndArgs());
						List<Boolean> callRenewed = ScriptArguments.renewedByReplies(callReplies,
								call.indexes().size());
						renewed.add(() -> complete(replies, call, callRenewed, null));
					}
					catch (RuntimeException ex) {
						if (this.acknowledgedWrites != null) {
							throw ex;
						}
						complete(replies, call, null, ex);
					}
				}
				if (this.acknowledgedWrites != null) {
					// One server: one WAIT covers the whole batch.
					this.acknowledgedWrites.await(connection,
							renewals.stream().map(LeaseRenewal::name).collect(Collectors.joining(", ")),
							renewals.size() + " leases were extended");
				}
				renewed.forEach(Runnable::run);
				return null;
			});
		}
		catch (RuntimeException ex) {
			replies.forEach((reply) -> reply.completeExceptionally(ex));
		}
		return replies;
	}

	private static void complete(List<CompletableFuture<Boolean>> replies, ScriptArguments.RenewalCall call,
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

	private boolean renewAcknowledged(RedisConnection connection, LeaseRenewal renewal) {
		String name = renewal.name();
		byte[][] keysAndArgs = this.arguments.renewArguments(name, renewal.ownerToken(), renewal.leaseTime());
		return requireAcknowledgedWrites().run(connection, name, keysAndArgs[0],
				"The lease of lock '" + name + "' was extended",
				(node) -> node.runScript(LuaScript.RENEW, 1, keysAndArgs), (reply) -> reply == 1, null) == 1;
	}

	@Override
	public boolean release(String name, String ownerToken) {
		return ScriptArguments.released(runForLong(name, LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS,
				this.arguments.releaseArguments(name, ownerToken)));
	}

	/**
	 * Give back a lock that an acquisition took but cannot keep, such as a Redlock
	 * attempt short of a majority, without recording the token as released, so that a
	 * later release under it finds the lock lost rather than released already.
	 * @param name the lock name
	 * @param ownerToken the owner token of the acquisition
	 * @return whether the lock was held by the token and is now given back
	 */
	public boolean giveBack(String name, String ownerToken) {
		return runForLong(name, LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS - 1,
				this.arguments.giveBackArguments(name, ownerToken)) == 1;
	}

	/**
	 * As {@link #giveBack(String, String)}, without blocking where the connection allows.
	 * @param name the lock name
	 * @param ownerToken the owner token of the acquisition
	 * @return whether the lock was held by the token and is now given back
	 */
	public CompletionStage<Boolean> giveBackAsync(String name, String ownerToken) {
		return runAsync(LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS - 1,
				() -> this.arguments.giveBackArguments(name, ownerToken), (reply) -> reply == 1,
				() -> giveBack(name, ownerToken));
	}

	@Override
	public boolean forceRelease(String name) {
		return runForLong(name, LuaScript.FORCE_RELEASE, 1, this.arguments.forceReleaseArguments(name)) == 1;
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return this.subscriptions.subscribe(this.keys.channel(name), null, listener);
	}

	/** Also subscribes the client's hand-off channel before the listener is told. */
	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return this.subscriptions.subscribe(this.keys.channel(name), this.keys.handOffChannel(ownerToken), listener);
	}

	@Override
	public void close() {
		this.subscriptions.close();
	}

	private long runForLong(String name, LuaScript script, int numKeys, byte[]... keysAndArgs) {
		return this.<Long>executeForReply(name,
				(connection) -> script.run(connection, ReturnType.INTEGER, numKeys, keysAndArgs));
	}

	/** Under replica acknowledgement, also awaits the replicas if {@code wrote}. */
	private long write(String name, String description, LuaScript script, int numKeys, byte[][] keysAndArgs,
			LongPredicate wrote) {
		if (this.acknowledgedWrites == null) {
			return runForLong(name, script, numKeys, keysAndArgs);
		}
		return acknowledged(name, keysAndArgs[0], description, (node) -> node.runScript(script, numKeys, keysAndArgs),
				wrote, null);
	}

	/** On Lettuce's shared connection, else {@code blocking} on the caller's thread. */
	private <T> CompletionStage<T> runAsync(LuaScript script, int numKeys, Supplier<byte[][]> keysAndArgs,
			Function<Long, T> reply, Supplier<T> blocking) {
		if (this.async == null) {
			return LockStore.answered(blocking);
		}
		return this.async.run(script, numKeys, keysAndArgs.get()).thenApply(reply);
	}

	private long acknowledged(String name, byte[] key, String description, ToLongFunction<NodeCommands> write,
			LongPredicate wrote, @Nullable ToLongFunction<NodeCommands> undo) {
		return executeForReply(name, (connection) -> requireAcknowledgedWrites().run(connection, name, key, description,
				write, wrote, undo));
	}

	private AcknowledgedWrites requireAcknowledgedWrites() {
		Assert.state(this.acknowledgedWrites != null, "Replica acknowledgement is not configured");
		return this.acknowledgedWrites;
	}

	/**
	 * A connection straight from the factory: no template or transaction binding on the
	 * hot path, so no script is queued in a transaction.
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

	private <T> T executeForReply(String name, RedisCallback<T> callback) {
		T reply = execute(callback);
		if (reply == null) {
			throw new IllegalStateException("Redis returned no reply for lock '" + name
					+ "': locks cannot be taken in a pipeline or transaction");
		}
		return reply;
	}

}
