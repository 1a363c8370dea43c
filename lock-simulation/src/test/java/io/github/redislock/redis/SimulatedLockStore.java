// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.redislock.simulation.CallerThreads;
import io.github.redislock.simulation.HandOffOrder;
import io.github.redislock.simulation.KeptTurns;
import io.github.redislock.simulation.Network;
import io.github.redislock.simulation.Scheduler;
import io.github.redislock.simulation.SimConnection;
import io.github.redislock.simulation.SimSubscriber;
import io.github.redislock.simulation.UntakenGrants;
import io.github.redislock.simulation.server.RedisError;
import io.github.redislock.simulation.server.ServerClock;
import io.github.redislock.simulation.server.SimRedis;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * The Redis lock store over the simulated network and server: the same scripts, the
 * arguments built and the replies read as the real {@link RedisLockStore} builds and
 * reads them ({@link ScriptArguments}), sent as {@link RedisAsyncLockStore} sends them,
 * each script call one command bounded by the command timeout. Release messages are read
 * as {@link ReleaseSubscriptions} reads them.
 * <p>
 * The client's random instance id is replaced by a fixed name in everything sent to
 * Redis, so that a seed gives the same server state, and the same trace, on every run.
 * Only non-blocking calls run here: the simulation has one thread, and a blocking call
 * would wait for itself. The two blocking calls the engine makes of an asynchronous store
 * are sent without waiting for their replies: a release that takes back a failed attempt
 * or gives up a lease (at a revoke or a shutdown), and a raise of the fencing tokens,
 * which the engine offloads to a client thread whatever the store.
 *
 * @author redis-lock contributors
 */
public final class SimulatedLockStore implements LockStore {

	/** Known faults of a store, put back to check that the simulation finds them. */
	public enum Fault {

		/** Every hold of the client is sent under one owner token. */
		ONE_OWNER_TOKEN,

		/**
		 * One renewal of a batch answered as no longer held makes every renewal of the
		 * batch answered so, as if the batch failed as a whole.
		 */
		BATCH_RENEWAL_FAILS_AS_A_WHOLE,

		/**
		 * Under replica acknowledgement, a write too few replicas acknowledged is taken
		 * for a done one.
		 */
		REPLICA_SHORTFALL_IGNORED,

		/**
		 * A Redlock node raises its fencing token counter whether or not the caller still
		 * holds the lock there, and answers that it held it.
		 */
		RAISE_IGNORES_THE_HOLD,

		/**
		 * The client of this store passes a lock to its own threads with fresh leases for
		 * ever while they keep asking, however many turns it kept (a fault of the client,
		 * put back through its store's settings).
		 */
		KEPT_TURNS_UNBOUNDED,

		/**
		 * The Redlock's client asks again under the owner token of the attempt the
		 * Redlock refused and gave back without waiting (a fault of the client, put back
		 * by telling it that the Redlock queues waiters).
		 */
		REDLOCK_RETRIES_UNDER_ONE_TOKEN,

		/**
		 * A caller that stops waiting (its wait ran out, it was interrupted, an attempt
		 * failed) keeps its place in the queue: its release is never sent unless the
		 * store answered it as holding the lock.
		 */
		GIVING_UP_KEEPS_THE_PLACE

	}

	/** The real store's arguments for a store whose waiters queue: one for every run. */
	private static final ScriptArguments ARGUMENTS = new ScriptArguments(new RedisLockKeys("lock:"), true);

	/**
	 * The real store's arguments where waiters never queue, so that every release wakes
	 * them: under replica acknowledgement, and on a Redlock's node.
	 */
	private static final ScriptArguments UNQUEUED_ARGUMENTS = new ScriptArguments(new RedisLockKeys("lock:"), false);

	private ScriptArguments arguments = ARGUMENTS;

	/** Set when the order of hand-offs is checked. */
	private HandOffOrder handOffOrder;

	private UntakenGrants untakenGrants;

	/** Owner tokens this store was answered as holding under, for a fault put back. */
	private final Set<String> answeredHeld;

	/** Set when writes wait for the replicas. */
	private AcknowledgedWaits acknowledged;

	private boolean raiseIgnoresTheHold;

	private final RedisLockKeys keys = new RedisLockKeys("lock:");

	private final String alias;

	private final SimulatedScripts scripts;

	private final Scheduler scheduler;

	private final SimConnection connection;

	private final SimSubscriber subscriber;

	private final Map<String, Set<ReleaseListener>> listeners = new HashMap<>();

	private final boolean oneOwnerToken;

	private final boolean batchFailsAsAWhole;

	private final boolean shortfallIgnored;

	/**
	 * The last time {@link #now()} wrote, and the second it fell in, kept: formatting an
	 * instant costs more than a call.
	 */
	private long nowMillis;

	private String nowText;

	private long nowSecond;

	/** The second as {@link Instant#toString()} writes it, without its {@code Z}. */
	private String nowSecondText;

	private String instanceId = "";

	/** Where blocking callers wait for an answer, if the run has any. */
	private CallerThreads callerThreads;

	/** Counts the passes of a lock within this client, if the run checks them. */
	private KeptTurns keptTurns;

	/**
	 * @param faults known faults put back, none normally
	 */
	public SimulatedLockStore(String alias, SimulatedScripts scripts, Scheduler scheduler,
			java.util.function.Function<java.util.function.BiConsumer<String, String>, SimSubscriber> subscriber,
			SimConnection connection, Set<Fault> faults) {
		this.alias = alias;
		this.scripts = scripts;
		this.scheduler = scheduler;
		this.connection = connection;
		this.subscriber = subscriber.apply(this::dispatch);
		this.oneOwnerToken = faults.contains(Fault.ONE_OWNER_TOKEN);
		this.batchFailsAsAWhole = faults.contains(Fault.BATCH_RENEWAL_FAILS_AS_A_WHOLE);
		this.shortfallIgnored = faults.contains(Fault.REPLICA_SHORTFALL_IGNORED);
		this.raiseIgnoresTheHold = faults.contains(Fault.RAISE_IGNORES_THE_HOLD);
		this.answeredHeld = faults.contains(Fault.GIVING_UP_KEEPS_THE_PLACE) ? new HashSet<>() : null;
	}

	/**
	 * Sends the arguments of a store whose waiters never queue, as a Redlock's node
	 * stores are built.
	 */
	public SimulatedLockStore unqueued() {
		this.arguments = UNQUEUED_ARGUMENTS;
		return this;
	}

	/**
	 * Makes this store wait for one replica after each write of a lock, as the real store
	 * does under {@code redis-lock.replica-ack.replicas: 1}; before the client is built,
	 * which asks once whether waiters queue.
	 */
	public SimulatedLockStore acknowledgingWrites() {
		this.arguments = UNQUEUED_ARGUMENTS;
		this.acknowledged = new AcknowledgedWaits(this.connection, this::giveBack, this.shortfallIgnored);
		return this;
	}

	/** Lets the blocking callers on these threads wait for this store's answers. */
	public SimulatedLockStore waitsOn(CallerThreads callerThreads) {
		this.callerThreads = callerThreads;
		return this;
	}

	/** Shows every pass of a lock within this client to the check of kept turns. */
	public SimulatedLockStore countKeptTurns(KeptTurns keptTurns) {
		this.keptTurns = keptTurns;
		return this;
	}

	/** Shows every acquisition and release on the server to the check of their order. */
	public void checkHandOffOrder(HandOffOrder handOffOrder) {
		this.handOffOrder = handOffOrder;
	}

	/** Shows every release this store sends to the check that no grant is left behind. */
	public void watchGrants(UntakenGrants untakenGrants) {
		this.untakenGrants = untakenGrants;
	}

	private void answeredHeld(String token) {
		if (this.answeredHeld != null) {
			this.answeredHeld.add(token);
		}
	}

	/** Whether the release is sent; with the fault put back, only a holder's is. */
	private boolean releaseSent(String token) {
		if (this.answeredHeld != null && !this.answeredHeld.contains(token)) {
			return false;
		}
		if (this.untakenGrants != null) {
			this.untakenGrants.releaseSent(token);
		}
		return true;
	}

	/**
	 * Whether it waits for the replica after each write, as under replica
	 * acknowledgement.
	 */
	public boolean acknowledgesWrites() {
		return this.acknowledged != null;
	}

	/** Whether the real store would queue waiters in Redis: not under acknowledgement. */
	@Override
	public boolean queuesWaiters() {
		return this.acknowledged == null;
	}

	/** Names the client whose owner tokens this store sends under its alias. */
	public void bind(String instanceId) {
		this.instanceId = instanceId;
	}

	public String lockKey(String name) {
		return this.keys.lockKey(name);
	}

	/** The owner token as Redis sees it. */
	public String alias(String ownerToken) {
		if (!ownerToken.startsWith(this.instanceId + ":")) {
			return ownerToken;
		}
		return this.alias + (this.oneOwnerToken ? ":1" : ownerToken.substring(this.instanceId.length()));
	}

	private String unalias(String ownerToken) {
		return ownerToken.startsWith(this.alias + ":") ? this.instanceId + ownerToken.substring(this.alias.length())
				: ownerToken;
	}

	private String now() {
		long millis = Math.floorDiv(ServerClock.EPOCH_NANOS + this.scheduler.nanos(), 1_000_000L);
		if (millis != this.nowMillis || this.nowText == null) {
			this.nowMillis = millis;
			long second = Math.floorDiv(millis, 1000L);
			if (second != this.nowSecond || this.nowSecondText == null) {
				this.nowSecond = second;
				String text = Instant.ofEpochSecond(second).toString();
				this.nowSecondText = text.substring(0, text.length() - 1);
			}
			int milli = (int) Math.floorMod(millis, 1000L);
			// As Instant.toString(): the fraction in three digits, or none at a whole
			// second.
			this.nowText = (milli == 0) ? this.nowSecondText + "Z" : this.nowSecondText + "."
					+ (char) ('0' + milli / 100) + (char) ('0' + milli / 10 % 10) + (char) ('0' + milli % 10) + "Z";
		}
		return this.nowText;
	}

	@Override
	public boolean isNonBlocking() {
		return true;
	}

	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			Queueing queueing, LockHolder holder) {
		String token = alias(ownerToken);
		byte[][] keysAndArgs = this.arguments.acquireArguments(name, token,
				ScriptArguments.leaseMillis(name, leaseTime), queueing, HolderRecord.instanceFields(token), now());
		String queueKey = this.keys.queueKey(name);
		String waitersKey = this.keys.waitersKey(name);
		CompletableFuture<Object> written = run("acquire " + name + " " + token, LuaScript.ACQUIRE,
				ScriptArguments.QUEUE_SCRIPT_KEYS, keysAndArgs, Network.COMMAND_TIMEOUT_NANOS,
				(this.handOffOrder == null) ? null
						: (server, script) -> this.handOffOrder.acquire(server, queueKey, waitersKey, script));
		if (this.acknowledged != null) {
			written = this.acknowledged.acquisition(name, token, written);
		}
		return written.thenApply((reply) -> {
			AcquireResult result = ScriptArguments.acquireResult(ownerToken, (Long) reply);
			if (result.acquired()) {
				answeredHeld(alias(result.heldAs(ownerToken)));
				if (this.keptTurns != null) {
					this.keptTurns.freed(this.alias, this.keys.lockKey(name));
				}
			}
			return result;
		});
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		String token = alias(ownerToken);
		CompletableFuture<Object> written = run("renew " + name + " " + token, LuaScript.RENEW, 1,
				this.arguments.renewArguments(name, token, leaseTime), Network.COMMAND_TIMEOUT_NANOS);
		if (this.acknowledged != null) {
			written = this.acknowledged.renewal(name, written);
		}
		return written.thenApply((reply) -> ((Long) reply) == 1);
	}

	/** {@code reacquire.lua}, which passes a lock to a thread of the same client. */
	@Override
	public CompletionStage<Reacquisition> reacquireAsync(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		String token = alias(ownerToken);
		String nextToken = alias(nextOwnerToken);
		CompletableFuture<Object> written = run("reacquire " + name + " " + token + " for " + nextToken,
				LuaScript.REACQUIRE, ScriptArguments.REACQUIRE_SCRIPT_KEYS,
				this.arguments.reacquireArguments(name, token, nextToken, leaseTime), Network.COMMAND_TIMEOUT_NANOS);
		if (this.acknowledged != null) {
			written = this.acknowledged.reacquisition(name, written);
		}
		return written.thenApply((reply) -> {
			Reacquisition reacquisition = ScriptArguments.reacquisition((Long) reply);
			if (reacquisition != null) {
				answeredHeld(nextToken);
			}
			if (this.keptTurns != null && reacquisition != null) {
				this.keptTurns.passed(this.alias, this.keys.lockKey(name),
						reacquisition.othersWaiting() || !queuesWaiters());
			}
			return reacquisition;
		});
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		String token = alias(ownerToken);
		String lockKey = this.keys.lockKey(name);
		String queueKey = this.keys.queueKey(name);
		String waitersKey = this.keys.waitersKey(name);
		if (this.keptTurns != null) {
			// As the client counts: a release sent ends the run, answered or not.
			this.keptTurns.freed(this.alias, this.keys.lockKey(name));
		}
		if (!releaseSent(token)) {
			return CompletableFuture.completedFuture(false);
		}
		return run("release " + name + " " + token, LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS,
				releaseArguments(name, token), Network.COMMAND_TIMEOUT_NANOS,
				(this.handOffOrder == null) ? null : (server, script) -> this.handOffOrder.release(server, lockKey,
						queueKey, waitersKey, token, script))
			.thenApply((reply) -> ScriptArguments.released((Long) reply));
	}

	/** The real arguments, with the simulation's time as the time of the release. */
	private byte[][] releaseArguments(String name, String token) {
		byte[][] keysAndArgs = this.arguments.releaseArguments(name, token);
		int releaseTime = ScriptArguments.RELEASE_SCRIPT_KEYS + 2;
		if (keysAndArgs.length != ScriptArguments.RELEASE_SCRIPT_KEYS + 6) {
			throw new IllegalStateException("release.lua takes other arguments than the simulation knows");
		}
		keysAndArgs[releaseTime] = now().getBytes(StandardCharsets.UTF_8);
		return keysAndArgs;
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		String token = alias(ownerToken);
		CompletableFuture<Object> written = run("fence " + name + " " + token, LuaScript.FENCE, 2,
				this.arguments.fenceArguments(name, token), Network.COMMAND_TIMEOUT_NANOS);
		if (this.acknowledged != null) {
			written = this.acknowledged.fencingToken(name, written);
		}
		return written.thenApply((reply) -> (Long) reply);
	}

	/** As {@link RedisLockStore#giveBackAsync}. */
	public CompletionStage<Boolean> giveBackAsync(String name, String ownerToken) {
		String token = alias(ownerToken);
		if (!releaseSent(token)) {
			return CompletableFuture.completedFuture(false);
		}
		byte[][] release = releaseArguments(name, token);
		byte[][] keysAndArgs = new byte[release.length - 1][];
		int keys = ScriptArguments.RELEASE_SCRIPT_KEYS;
		System.arraycopy(release, 0, keysAndArgs, 0, keys - 1);
		System.arraycopy(release, keys, keysAndArgs, keys - 1, release.length - keys);
		return run("give-back " + name + " " + token, LuaScript.RELEASE, keys - 1, keysAndArgs,
				Network.COMMAND_TIMEOUT_NANOS)
			.thenApply((reply) -> ((Long) reply) == 1);
	}

	/**
	 * As {@link RedisLockStore#raiseFencingTokenAsync}: {@code raise-fence.lua}, or with
	 * {@link Fault#RAISE_IGNORES_THE_HOLD} {@code raise-counter.lua} answered as held.
	 */
	public CompletionStage<Boolean> raiseFencingTokenAsync(String name, String ownerToken, long token) {
		String alias = alias(ownerToken);
		byte[] counter = this.keys.fenceCounterKey(name).getBytes(StandardCharsets.ISO_8859_1);
		byte[] value = Long.toString(token).getBytes(StandardCharsets.ISO_8859_1);
		if (this.raiseIgnoresTheHold) {
			return run("raise-counter " + name + " " + token, LuaScript.RAISE_COUNTER, 1,
					new byte[][] { counter, value }, Network.COMMAND_TIMEOUT_NANOS)
				.thenApply((reply) -> true);
		}
		byte[][] keysAndArgs = { lockKey(name).getBytes(StandardCharsets.ISO_8859_1), counter,
				alias.getBytes(StandardCharsets.ISO_8859_1), value };
		return run("raise-fence " + name + " " + alias + " " + token, LuaScript.RAISE_FENCE, 2, keysAndArgs,
				Network.COMMAND_TIMEOUT_NANOS)
			.thenApply((reply) -> ((Long) reply) == 1);
	}

	/** As {@link RedisLockStore#lastFencingTokenAsync}. */
	public CompletionStage<Long> lastFencingTokenAsync(String name) {
		String key = this.keys.fenceCounterKey(name);
		return this.connection
			.send("get " + key, (server) -> server.execute(List.of("GET", key)), Network.COMMAND_TIMEOUT_NANOS)
			.thenApply((value) -> (value != null) ? Long.parseLong(value.toString()) : 0L);
	}

	/** {@code raise-counter.lua}, answered. */
	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		byte[][] keysAndArgs = { this.keys.fenceCounterKey(name).getBytes(StandardCharsets.ISO_8859_1),
				Long.toString(token).getBytes(StandardCharsets.ISO_8859_1) };
		return run("raise-counter " + name + " " + token, LuaScript.RAISE_COUNTER, 1, keysAndArgs,
				Network.COMMAND_TIMEOUT_NANOS)
			.thenApply((reply) -> ((Long) reply) == 1);
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return run("force-release " + name, LuaScript.FORCE_RELEASE, 1, this.arguments.forceReleaseArguments(name),
				Network.COMMAND_TIMEOUT_NANOS)
			.thenApply((reply) -> ((Long) reply) == 1);
	}

	/** Grouped into {@code renew-all.lua} calls as the real store groups them. */
	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		List<CompletableFuture<Boolean>> replies = new ArrayList<>(renewals.size());
		List<LeaseRenewal> aliased = new ArrayList<>(renewals.size());
		for (LeaseRenewal renewal : renewals) {
			replies.add(new CompletableFuture<>());
			aliased.add(new LeaseRenewal(renewal.name(), alias(renewal.ownerToken()), renewal.leaseTime()));
		}
		long timeoutNanos = Math.min(timeout.toNanos(), Network.COMMAND_TIMEOUT_NANOS);
		List<ScriptArguments.RenewalCall> calls = this.arguments.renewalCalls(aliased, false);
		List<CompletableFuture<Object>> written = new ArrayList<>(calls.size());
		for (ScriptArguments.RenewalCall call : calls) {
			int count = call.indexes().size();
			written.add(run("renew-all " + count, LuaScript.RENEW_ALL, count, call.keysAndArgs(), timeoutNanos));
		}
		if (this.acknowledged != null) {
			written = this.acknowledged
				.renewals(renewals.stream().map(LeaseRenewal::name).collect(Collectors.joining(", ")), written);
		}
		for (int c = 0; c < calls.size(); c++) {
			ScriptArguments.RenewalCall call = calls.get(c);
			int count = call.indexes().size();
			written.get(c).whenComplete((reply, failure) -> {
				List<Boolean> renewed = (failure != null) ? null
						: ScriptArguments.renewedByReplies((List<?>) reply, count);
				if (this.batchFailsAsAWhole && renewed != null && renewed.contains(false)) {
					renewed = Collections.nCopies(count, false);
				}
				for (int i = 0; i < count; i++) {
					CompletableFuture<Boolean> answer = replies.get(call.indexes().get(i));
					if (renewed != null) {
						answer.complete(renewed.get(i));
					}
					else {
						answer.completeExceptionally(failure);
					}
				}
			});
		}
		return replies;
	}

	private CompletableFuture<Object> run(String what, LuaScript script, int numKeys, byte[][] keysAndArgs,
			long timeoutNanos) {
		return run(what, script, numKeys, keysAndArgs, timeoutNanos, null);
	}

	/**
	 * By digest, as the real store sends a script, and by source after {@code NOSCRIPT}
	 * (a new or restarted server, a promoted replica): that second send reaches the
	 * server after whatever was sent meanwhile. With {@code watch}, if any, running the
	 * script on the server.
	 */
	private CompletableFuture<Object> run(String what, LuaScript script, int numKeys, byte[][] keysAndArgs,
			long timeoutNanos, BiFunction<SimRedis, Supplier<Object>, Object> watch) {
		String source = this.scripts.source(script);
		return send(what, (server) -> server.evalSha(source, keysAndArgs, numKeys), timeoutNanos, watch)
			.exceptionallyCompose((failure) -> isNoScript(failure)
					? send(what, (server) -> server.eval(source, keysAndArgs, numKeys), timeoutNanos, watch)
					: CompletableFuture.failedFuture(failure));
	}

	private CompletableFuture<Object> send(String what, Function<SimRedis, Object> script, long timeoutNanos,
			BiFunction<SimRedis, Supplier<Object>, Object> watch) {
		if (watch != null) {
			return this.connection.send(what, (server) -> watch.apply(server, () -> script.apply(server)),
					timeoutNanos);
		}
		return this.connection.send(what, script, timeoutNanos);
	}

	private static boolean isNoScript(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		return cause instanceof RedisError error && String.valueOf(error.getMessage()).startsWith("NOSCRIPT");
	}

	/**
	 * Takes back an acquisition its replicas did not acknowledge, as the real store does:
	 * {@code release.lua} without the key that remembers releases, so that it is not
	 * taken for a release.
	 */
	private CompletableFuture<Object> giveBack(String name, String token) {
		byte[][] keysAndArgs = this.arguments.giveBackArguments(name, token);
		int releaseTime = ScriptArguments.RELEASE_SCRIPT_KEYS + 1;
		keysAndArgs[releaseTime] = now().getBytes(StandardCharsets.UTF_8);
		return run("give-back " + name + " " + token, LuaScript.RELEASE, ScriptArguments.RELEASE_SCRIPT_KEYS - 1,
				keysAndArgs, Network.COMMAND_TIMEOUT_NANOS);
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		String channel = this.keys.channel(name);
		this.listeners.computeIfAbsent(channel, (key) -> new LinkedHashSet<>()).add(listener);
		this.subscriber.subscribe(channel, () -> {
			Set<ReleaseListener> current = this.listeners.get(channel);
			if (current != null && current.contains(listener)) {
				listener.released(null);
			}
		});
		return () -> unsubscribe(channel, listener);
	}

	/**
	 * Also subscribes the client's hand-off channel, before the listener is first told.
	 */
	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		String handOffChannel = this.keys.handOffChannel(alias(ownerToken));
		if (handOffChannel == null) {
			return subscribe(name, listener);
		}
		this.listeners.computeIfAbsent(handOffChannel, (key) -> new LinkedHashSet<>()).add(listener);
		this.subscriber.subscribe(handOffChannel, () -> {
		});
		AutoCloseable lockChannel = subscribe(name, listener);
		return () -> {
			lockChannel.close();
			unsubscribe(handOffChannel, listener);
		};
	}

	private void unsubscribe(String channel, ReleaseListener listener) {
		Set<ReleaseListener> current = this.listeners.get(channel);
		if (current != null && current.remove(listener)) {
			if (current.isEmpty()) {
				this.listeners.remove(channel);
			}
			this.subscriber.unsubscribe(channel);
		}
	}

	/** As {@link ReleaseSubscriptions} reads a message. */
	private void dispatch(String channel, String message) {
		byte[] body = message.getBytes(StandardCharsets.ISO_8859_1);
		if (!channel.startsWith(this.keys.handOffChannelPrefix())) {
			notifyListeners(channel, unaliased(ReleaseSubscriptions.handOff(body)));
			return;
		}
		int second = message.indexOf(' ', message.indexOf(' ') + 1);
		HandOff handOff = (second > 0)
				? ReleaseSubscriptions.handOff(message.substring(0, second).getBytes(StandardCharsets.ISO_8859_1))
				: null;
		if (handOff != null) {
			String lockKey = message.substring(second + 1);
			if (this.keptTurns != null) {
				// Granted from the store's queue: a new run.
				this.keptTurns.freed(this.alias, lockKey);
			}
			notifyListeners(this.keys.channelOfKey(lockKey), unaliased(handOff));
		}
	}

	private HandOff unaliased(HandOff handOff) {
		return (handOff != null)
				? new HandOff(unalias(handOff.ownerToken()), handOff.ticket(), unalias(handOff.grantedToken())) : null;
	}

	private void notifyListeners(String channel, HandOff handOff) {
		Set<ReleaseListener> current = this.listeners.get(channel);
		if (current != null) {
			List.copyOf(current).forEach((listener) -> listener.released(handOff));
		}
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing,
			LockHolder holder) {
		return awaitOnCallerThread(tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder));
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return awaitOnCallerThread(issueFencingTokenAsync(name, ownerToken, leaseTime));
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		return awaitOnCallerThread(renewAsync(name, ownerToken, leaseTime));
	}

	@Override
	public Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken, Duration leaseTime) {
		return awaitOnCallerThread(reacquireAsync(name, ownerToken, nextOwnerToken, leaseTime));
	}

	/**
	 * A blocking caller waits for the answer; elsewhere sent without waiting, as only a
	 * give-back of a failed attempt calls it there.
	 */
	@Override
	public boolean release(String name, String ownerToken) {
		CompletionStage<Boolean> released = releaseAsync(name, ownerToken);
		if (this.callerThreads != null && this.callerThreads.isCallerThread()) {
			return this.callerThreads.awaitStoreCall(released);
		}
		return true;
	}

	/**
	 * Sent without waiting, as {@code raise-counter.lua}: answers as if it raised, which
	 * the simulation's callers, raising after a refused write, do not read.
	 */
	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		byte[][] keysAndArgs = { this.keys.fenceCounterKey(name).getBytes(StandardCharsets.ISO_8859_1),
				Long.toString(token).getBytes(StandardCharsets.ISO_8859_1) };
		CompletableFuture<Object> written = run("raise-counter " + name + " " + token, LuaScript.RAISE_COUNTER, 1,
				keysAndArgs, Network.COMMAND_TIMEOUT_NANOS);
		if (this.acknowledged != null) {
			this.acknowledged.raise(name, written);
		}
		return true;
	}

	@Override
	public boolean forceRelease(String name) {
		return awaitOnCallerThread(forceReleaseAsync(name));
	}

	/**
	 * Only a blocking caller's thread can wait: the simulation's own runs every answer.
	 */
	private <T> T awaitOnCallerThread(CompletionStage<T> call) {
		if (this.callerThreads == null || !this.callerThreads.isCallerThread()) {
			throw new UnsupportedOperationException(
					"The simulation's own thread cannot wait for a store call: it answers them");
		}
		return this.callerThreads.awaitStoreCall(call);
	}

}
