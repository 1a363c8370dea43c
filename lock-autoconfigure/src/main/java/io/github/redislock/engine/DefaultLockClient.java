// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.util.Assert;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockNameCustomizer;
import io.github.redislock.store.LockStore;

/**
 * A {@link LockClient} over any {@link LockStore}: it queues the threads of this process
 * per lock name, counts re-entries, waits with backoff and release notifications, renews
 * leases and reports lost ones. Each hold is known to the store by an owner token of its
 * own, never by a thread id that another process could share.
 * <p>
 * Closing the client, or stopping it as a {@link SmartLifecycle} bean, refuses new
 * acquisitions and waits, up to its {@link #setShutdownTimeout shutdown timeout}, for the
 * locks still held to be released; see {@link #stop()}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class DefaultLockClient implements LockClient, SmartLifecycle, AutoCloseable {

	private final Duration leaseTime;

	private final boolean renew;

	private final StoreCalls storeCalls;

	private final LeaseKeeper leases;

	private final LockStates states;

	private final LockClientShutdown shutdown;

	private final LocalHandOffs handOffs;

	private final LockEngine engine;

	private final AsyncLocks asyncLocks;

	private final String instanceId;

	private LockNameCustomizer nameCustomizer = (name) -> name;

	/**
	 * Create a client with a 30 second lease that is renewed while held, and the default
	 * backoff.
	 * @param store the store to keep locks in
	 */
	public DefaultLockClient(LockStore store) {
		this(store, Duration.ofSeconds(30), true, LockBackoff.DEFAULT, (event) -> {
		});
	}

	/**
	 * Create a client.
	 * @param store the store to keep locks in
	 * @param leaseTime the lease of {@link java.util.concurrent.locks.Lock} methods that
	 * take none
	 * @param renew whether leases of methods that do not say are renewed while held
	 * @param backoff the backoff between attempts on a busy lock
	 * @param lostListener told of every lease found lost: on a client thread when renewal
	 * found the loss, else on the thread that found it (see {@link LockLostEvent})
	 * @throws IllegalArgumentException if an argument is {@code null} or the lease is
	 * under 1 ms or above {@link LockDefinition#MAX_LEASE_TIME}
	 */
	public DefaultLockClient(LockStore store, Duration leaseTime, boolean renew, LockBackoff backoff,
			Consumer<LockLostEvent> lostListener) {
		this(store, leaseTime, renew, backoff, lostListener, EngineRuntime.SYSTEM);
	}

	/** On the given time, timers and threads, for a test that moves time itself. */
	DefaultLockClient(LockStore store, Duration leaseTime, boolean renew, LockBackoff backoff,
			Consumer<LockLostEvent> lostListener, EngineRuntime runtime) {
		Assert.notNull(store, "LockStore must not be null");
		LockDefinition.checkLeaseTime(leaseTime, () -> "Default lease time");
		Assert.notNull(backoff, "LockBackoff must not be null");
		Assert.notNull(lostListener, "Lost lease listener must not be null");
		this.leaseTime = leaseTime;
		this.renew = renew;
		StoreCalls storeCalls = new StoreCalls(store, runtime);
		storeCalls.checkLeaseLeavesTime(leaseTime, () -> "Default lease time");
		this.storeCalls = storeCalls;
		this.leases = new LeaseKeeper(storeCalls, lostListener, runtime);
		this.states = new LockStates(this.leases, this::isStopping, runtime);
		this.shutdown = new LockClientShutdown(this.states.all(), this.leases::giveUp);
		OwnerTokens owners = new OwnerTokens();
		this.instanceId = owners.instanceId();
		this.handOffs = new LocalHandOffs(storeCalls, this.leases, this.states, owners, runtime);
		this.asyncLocks = new AsyncLocks(storeCalls, owners, backoff, this.leases, this::isStopping, runtime);
		StoreAcquirer storeAcquirer = new StoreAcquirer(storeCalls, owners, this.leases, this.asyncLocks, runtime);
		this.shutdown.include(this.asyncLocks);
		FencingTokens fencingTokens = new FencingTokens(storeCalls, this.leases);
		this.engine = new LockEngine(this.states, this.handOffs, storeAcquirer, storeCalls, this.leases, fencingTokens,
				this.shutdown, runtime, this.asyncLocks::complete);
	}

	/**
	 * Let a releasing thread pass the lock straight to the next waiting thread of this
	 * process, without a round trip, at most this many times in a row before a fresh
	 * lease is taken from the store. Off by default: such a hand-off is not a fresh
	 * acquisition, and the next holder shares the previous one's fencing token.
	 * @param maxLocalHandoffs the most hand-offs in a row, {@code 0} for none
	 */
	public void setMaxLocalHandoffs(int maxLocalHandoffs) {
		this.handOffs.setMaxLocalHandoffs(maxLocalHandoffs);
	}

	LocalHandOffs handOffs() {
		return this.handOffs;
	}

	/**
	 * Return the random id of this client, which starts each of its owner tokens: how a
	 * store that records only a holder's instance names this one.
	 * @return the instance id
	 */
	public String getInstanceId() {
		return this.instanceId;
	}

	/**
	 * Run on virtual threads the client threads that run application code or may block:
	 * completing asynchronous holders' stages, a blocking store's calls, and telling the
	 * lost lease listener. Renewal and timers stay on platform threads, so that leases
	 * are renewed on time while every carrier is busy. Set it before the client is used.
	 * Needs Java 21 or later.
	 * @param virtualThreads whether to use virtual threads
	 * @throws IllegalStateException if virtual threads are asked for before Java 21
	 */
	public void setVirtualThreads(boolean virtualThreads) {
		if (!virtualThreads) {
			return;
		}
		Assert.state(Runtime.version().feature() >= 21, "Virtual threads need Java 21 or later");
		this.asyncLocks.useVirtualThreads();
		this.leases.tellLossesOn(new VirtualThreadTaskExecutor("redis-lock-lost-events-").getVirtualThreadFactory());
	}

	/**
	 * Report acquisitions, holds, renewals and lost leases to the given instrumentation,
	 * for metrics and traces. Set it before the client is used: it applies to
	 * acquisitions that begin afterwards.
	 * @param instrumentation the instrumentation, {@link LockInstrumentation#NONE} by
	 * default
	 */
	public void setInstrumentation(LockInstrumentation instrumentation) {
		Assert.notNull(instrumentation, "LockInstrumentation must not be null");
		this.engine.setInstrumentation(instrumentation);
		this.asyncLocks.setInstrumentation(instrumentation);
	}

	/**
	 * Rewrite every lock name asked for from now on, before the store sees it, for
	 * example to put a tenant in front of it. Set it before the client is used.
	 * @param nameCustomizer the customizer; none by default
	 * @see LockNameCustomizer
	 */
	public void setLockNameCustomizer(LockNameCustomizer nameCustomizer) {
		Assert.notNull(nameCustomizer, "LockNameCustomizer must not be null");
		this.nameCustomizer = nameCustomizer;
	}

	@Override
	public DistributedLock getLock(String name) {
		return getLock(name, LockDefinition.DEFAULT_LABEL);
	}

	@Override
	public DistributedLock getLock(String name, String label) {
		String lockName = customize(name);
		return new ClientLock(this.engine, lockName, LockDefinition.checkLabel(name, label), this.leaseTime,
				this.renew);
	}

	/**
	 * Acquire a lock for a holder that is not a thread: see
	 * {@link LockClient#tryAcquireAsync}. Its lease is renewed, and waited for at stop,
	 * like a thread's. The wait blocks no thread; with a store that has no non-blocking
	 * calls ({@link LockStore#isNonBlocking()}), its store calls run on client threads.
	 */
	@Override
	public CompletableFuture<Optional<LockLease>> tryAcquireAsync(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		String lockName = customize(definition.name());
		if (!lockName.equals(definition.name())) {
			definition = definition.withName(lockName);
		}
		return this.asyncLocks.tryAcquire(definition);
	}

	private String customize(String name) {
		LockDefinition.checkName(name);
		String customized = this.nameCustomizer.customize(name);
		if (customized == null || customized.isBlank()) {
			throw new IllegalStateException("LockNameCustomizer " + this.nameCustomizer + " turned lock name '" + name
					+ "' into " + ((customized != null) ? "'" + customized + "'" : "null"));
		}
		return customized;
	}

	/** Lock names this process holds or waits for. */
	int activeLockCount() {
		return this.states.size() + this.asyncLocks.size();
	}

	int renewalCount() {
		return this.leases.renewalCount();
	}

	/**
	 * Return the locks this instance holds, for operators (the Actuator endpoint
	 * {@code locks} shows them): a snapshot that may be stale by the time it is read, and
	 * changes nothing.
	 * @return the locks held, by name
	 */
	public List<LeaseView> heldLocks() {
		return LockInventory.heldLocks(this.states.all(), this.asyncLocks.holds());
	}

	/**
	 * Return the waits for a lock in progress in this instance, for operators: a snapshot
	 * by lock name.
	 * @return the locks waited for, by name
	 */
	public List<WaiterView> waits() {
		return LockInventory.waits(this.states.all(), this.asyncLocks.waitedFor());
	}

	/**
	 * Return whether the lease renewals of this client work, for a health check.
	 * @return the health of the renewals now
	 */
	public RenewalHealth renewalHealth() {
		return this.leases.renewalHealth();
	}

	/**
	 * Release a lock that a thread of this instance holds, without that thread, to
	 * unstick a hung holder. Only this instance's hold is released, checked against its
	 * owner token. Other instances can take the lock at once, while its holding thread
	 * still runs, so work still done under it may overlap with the next holder's. The
	 * hold is reported to the lost lease listener; its holder gets
	 * {@link LockLostException} when it releases or locks again, and a {@link LockLease}
	 * completes {@link LockLease#whenLost()}.
	 * @param name the lock name
	 * @return whether this instance held the lock until it gave it up; {@code false} if
	 * it held none by that name, its hold ended or passed to another of its threads
	 * meanwhile, or the release failed in the store (only logged: the lock then frees
	 * itself when its lease runs out)
	 */
	public boolean revoke(String name) {
		LockState state = this.states.get(LockDefinition.checkName(name));
		Lease hold = (state != null) ? state.hold : null;
		if (hold == null) {
			hold = this.asyncLocks.holdOf(name);
		}
		return hold != null && this.leases.giveUp(hold, "an operator released the lock while it was held",
				"an operator released it while it was held", " for an operator");
	}

	private boolean isStopping() {
		return this.shutdown.isStopping();
	}

	/**
	 * Set how long {@link #stop()} and {@link #close()} wait for held locks to be
	 * released.
	 * @param shutdownTimeout the longest wait, zero not to wait; 5 seconds by default
	 */
	public void setShutdownTimeout(Duration shutdownTimeout) {
		this.shutdown.setTimeout(shutdownTimeout);
	}

	/**
	 * Hand out locks again after {@link #stop()}, unless the client was closed. A client
	 * is running from its creation on.
	 */
	@Override
	public void start() {
		this.shutdown.start();
	}

	/**
	 * Stop handing out locks, and wait up to the {@link #setShutdownTimeout shutdown
	 * timeout} for the locks held to be released, renewing their leases meanwhile.
	 * Waiting threads and new acquisitions fail with {@link LockClientClosedException}.
	 * Locks still held at the timeout are released in the store and reported lost; their
	 * holders get {@link LockLostException} at release. Blocks the calling thread, so
	 * that the store's connections are stopped only after it.
	 */
	@Override
	public void stop() {
		this.shutdown.stop();
	}

	@Override
	public boolean isRunning() {
		return !this.shutdown.isStopping();
	}

	/**
	 * Return the phase in which an application context stops this client: {@code 1024},
	 * after the phases that finish the work holding locks (graceful web shutdown, message
	 * listener containers, executors and schedulers) and before the Redis connection
	 * factories at {@code 0}, which a context stops before it destroys any bean.
	 * @return the phase
	 */
	@Override
	public int getPhase() {
		return LockClientShutdown.PHASE;
	}

	/**
	 * {@link #stop() Stop}, if not done yet, then stop the client's threads. Lost leases
	 * already found are still told to the listener.
	 */
	@Override
	public void close() {
		this.shutdown.close();
		this.asyncLocks.close();
		this.leases.close();
		this.states.close();
		this.storeCalls.close();
	}

	/**
	 * A lock that this instance holds, as {@link #heldLocks()} saw it: a snapshot for
	 * operators looking for a hung holder, never a handle, so that looking cannot change
	 * a lock.
	 *
	 * @param name the lock name
	 * @param ownerThread the name of the thread that holds it, or {@code null} for the
	 * lease of an asynchronous holder ({@link LockLease})
	 * @param holdCount how many times that thread holds it (re-entries included)
	 * @param acquiredAt when that thread took it, by the wall clock
	 * @param remainingLease how much of the lease is known to be left
	 * @param renewing whether the lease is renewed while held
	 * @param fencingToken the fencing token, or {@code null} if none was issued
	 * @param method what took the lock (the {@code @RedisLock} method, or what a
	 * programmatic caller named), or {@code null} when unknown
	 */
	public record LeaseView(String name, @Nullable String ownerThread, int holdCount, Instant acquiredAt,
			Duration remainingLease, boolean renewing, @Nullable Long fencingToken, @Nullable String method) {

	}

	/**
	 * The threads of this instance waiting for one lock, as {@link #waits()} saw them: a
	 * snapshot for operators. Threads queue behind the first in this instance, which
	 * alone waits in the store, so that a busy lock costs the store one waiting thread
	 * per instance; each asynchronous holder waits in the store itself.
	 *
	 * @param name the lock name
	 * @param waitingThreads how many threads of this instance wait for it, asynchronous
	 * holders ({@link LockLease}) counted as threads
	 * @param waitingInStore whether the first of them is taking the lock from the store
	 * (asking for it, or waiting while another instance holds it), rather than waiting
	 * for a thread of this instance
	 */
	public record WaiterView(String name, int waitingThreads, boolean waitingInStore) {

	}

	/**
	 * Whether the lease renewals of this client work, as {@link #renewalHealth()} saw
	 * them. An unreachable store is the store's own health check's business; it becomes a
	 * fault of the client only once renewals have failed for longer than the leases they
	 * extend, when holders may lose their locks unawares. Independent of Spring Boot's
	 * health API, whose package differs between Spring Boot 3 and 4.
	 *
	 * @param renewalThreadAlive whether the thread that renews leases still runs:
	 * {@code false} if its sweep ended with a failure, after which no lease is renewed
	 * @param renewedLeases how many leases are renewed now
	 * @param failingFor how long renewals have failed with none succeeding, or
	 * {@code null} if they do not fail
	 * @param lease the longest lease among those whose renewal failed, or {@code null}
	 * @param lastFailure the last renewal failure, or {@code null}
	 * @param leaseLostWhileFailing a lock whose lease ran out while renewals failed, or
	 * {@code null}
	 */
	public record RenewalHealth(boolean renewalThreadAlive, int renewedLeases, @Nullable Duration failingFor,
			@Nullable Duration lease, @Nullable String lastFailure, @Nullable String leaseLostWhileFailing) {

		/**
		 * Whether the renewals work: the thread runs, and renewals have neither failed
		 * for longer than a lease nor let a lease run out.
		 * @return whether the renewals are healthy
		 */
		public boolean healthy() {
			if (!this.renewalThreadAlive) {
				return false;
			}
			if (this.failingFor == null || this.lease == null) {
				return true;
			}
			return this.leaseLostWhileFailing == null && this.failingFor.compareTo(this.lease) < 0;
		}

	}

}
