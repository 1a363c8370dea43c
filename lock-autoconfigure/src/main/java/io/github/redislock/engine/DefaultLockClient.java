// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;

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
 * A {@link LockClient} over any {@link LockStore}: it queues this process's threads per
 * lock name, counts re-entries, waits with backoff and release notifications, renews
 * leases and reports lost ones. Each hold has an owner token of its own, never a thread
 * id. Stopping or closing it waits for held locks to be released; see {@link #stop()}.
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
	 * Create a client with a renewed 30 second lease and the default backoff.
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

	/** For a test that moves time itself. */
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
		OwnerTokens owners = new OwnerTokens();
		this.instanceId = owners.instanceId();
		this.handOffs = new LocalHandOffs(storeCalls, this.leases, this.states, owners, runtime);
		this.asyncLocks = new AsyncLocks(storeCalls, owners, backoff, this.leases, this::isStopping, runtime);
		this.shutdown = new LockClientShutdown(this.states.all(), this.asyncLocks, this.leases::giveUp);
		this.engine = new LockEngine(this.states, this.handOffs, storeCalls, owners, this.leases, this.asyncLocks,
				this.shutdown, runtime);
	}

	/**
	 * Let a releasing thread pass the lock to the next waiting thread of this process
	 * without a round trip, at most this many times in a row. Off by default: the next
	 * holder shares the previous one's lease and fencing token.
	 * @param maxLocalHandoffs the most hand-offs in a row, {@code 0} for none
	 */
	public void setMaxLocalHandoffs(int maxLocalHandoffs) {
		this.handOffs.setMaxLocalHandoffs(maxLocalHandoffs);
	}

	LocalHandOffs handOffs() {
		return this.handOffs;
	}

	/**
	 * Return the random id of this client, which starts each of its owner tokens.
	 * @return the instance id
	 */
	public String getInstanceId() {
		return this.instanceId;
	}

	/**
	 * Run on virtual threads the client's work that runs application code or may block
	 * (asynchronous holders' stages, a blocking store's calls, the lost lease listener).
	 * Renewal and timers stay on platform threads, to renew on time while every carrier
	 * is busy. Set it before the client is used.
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
	 * Report acquisitions, holds, renewals and lost leases to the given instrumentation
	 * from the next acquisition on. Set it before the client is used.
	 * @param instrumentation the instrumentation, {@link LockInstrumentation#NONE} by
	 * default
	 */
	public void setInstrumentation(LockInstrumentation instrumentation) {
		Assert.notNull(instrumentation, "LockInstrumentation must not be null");
		this.engine.setInstrumentation(instrumentation);
		this.asyncLocks.setInstrumentation(instrumentation);
	}

	/**
	 * Rewrite every lock name asked for from now on, for example to prefix a tenant. Set
	 * it before the client is used.
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
	 * {@link LockClient#tryAcquireAsync}. The wait blocks no thread; a store without
	 * non-blocking calls ({@link LockStore#isNonBlocking()}) is called on client threads.
	 */
	@Override
	public CompletableFuture<Optional<LockLease>> tryAcquireAsync(LockDefinition definition) {
		return this.asyncLocks.tryAcquire(named(definition));
	}

	@Override
	public Supplier<CompletionStage<Optional<LockLease>>> tryAcquireLater(LockDefinition definition) {
		LockDefinition named = named(definition);
		return () -> this.asyncLocks.tryAcquire(named);
	}

	@Override
	public String lockName(String name) {
		return customize(name);
	}

	private LockDefinition named(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		String lockName = customize(definition.name());
		return lockName.equals(definition.name()) ? definition : definition.withName(lockName);
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
	 * Return a snapshot of the locks this instance holds, for operators (the Actuator
	 * endpoint {@code locks}).
	 * @return the locks held, by name
	 */
	public List<LeaseView> heldLocks() {
		return LockInventory.heldLocks(this.states.all(), this.asyncLocks.holds());
	}

	/**
	 * Return a snapshot of the waits for a lock in this instance, for operators.
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
	 * Release a lock that this instance holds, without its holder, to unstick a hung
	 * holder. Others can take it at once, so work still done under it may overlap with
	 * theirs. The hold is reported to the lost lease listener; its holder gets
	 * {@link LockLostException} when it releases or locks again, and a {@link LockLease}
	 * completes {@link LockLease#whenLost()}.
	 * @param name the lock name
	 * @return whether this instance held the lock until it gave it up; {@code false} if
	 * it held none, its hold ended meanwhile, or the release failed in the store (the
	 * lock then frees itself when its lease runs out)
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
	 * Set how long {@link #stop()} and {@link #close()} wait for held locks.
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
	 * timeout} for held locks to be released, renewing them meanwhile. Waiters and new
	 * acquisitions fail with {@link LockClientClosedException}. Locks still held then are
	 * released and reported lost; their holders get {@link LockLostException} at release.
	 * Blocks, so that the store's connections stop only after it.
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
	 * Return {@code 1024}: stopped after the work holding locks (graceful web shutdown,
	 * listener containers, executors) and before the Redis connection factories at
	 * {@code 0}.
	 * @return the phase
	 */
	@Override
	public int getPhase() {
		return LockClientShutdown.PHASE;
	}

	/**
	 * {@link #stop() Stop}, if not done yet, then stop the client's threads; lost leases
	 * already found are still told.
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
	 * A lock that this instance holds, as {@link #heldLocks()} saw it: a snapshot, never
	 * a handle, so that looking cannot change a lock.
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
	 * The waiters of this instance for one lock, as {@link #waits()} saw them. Threads
	 * queue behind the first, which alone waits in the store; each asynchronous holder
	 * waits in the store itself.
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
	 * them: a fault only once renewals failed for longer than the leases they extend,
	 * when holders may lose their locks unawares.
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
