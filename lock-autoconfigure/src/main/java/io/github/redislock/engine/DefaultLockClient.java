// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.springframework.context.SmartLifecycle;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.util.Assert;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockArguments;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockLostListener;
import io.github.redislock.store.LockStore;

/**
 * A {@link LockClient} over any {@link LockStore}: it queues the threads of this process
 * per lock name, counts re-entries, waits with backoff and release notifications, renews
 * leases and reports lost ones.
 * <p>
 * Each thread is known to the store by an owner token made of this client's random
 * instance id and a number for the thread, never by a bare thread id that another process
 * could share.
 * <p>
 * This class holds the client's settings and lifecycle, and puts together the
 * package-private parts that do the work, which the package documentation describes. It
 * is longer than those parts because it is the engine's public API: its length is
 * javadoc, and each method hands over to one part in a line or two (the operators' view,
 * for one, is {@link LockInventory}'s).
 * <p>
 * Closing the client, or stopping it as a {@link SmartLifecycle} bean, refuses new
 * acquisitions and waits, up to its {@link #setShutdownTimeout shutdown timeout}, for the
 * locks still held to be released, renewing their leases meanwhile; see {@link #stop()}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class DefaultLockClient implements LockClient, SmartLifecycle, AutoCloseable {

	private final Duration leaseTime;

	private final boolean renew;

	private final LeaseKeeper leases;

	private final LockStates states;

	private final LockClientShutdown shutdown;

	private final LocalHandOffs handOffs;

	private final LockEngine engine;

	private final AsyncLocks asyncLocks;

	private final String instanceId;

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
	 * @param lostListener told of every lease found lost: on a thread of this client's
	 * when renewal found the loss, else on the thread that found it
	 * @throws IllegalArgumentException if an argument is {@code null} or the lease is
	 * under 1 ms or above {@link LockDefinition#MAX_LEASE_TIME}
	 * @see LockLostListener
	 */
	public DefaultLockClient(LockStore store, Duration leaseTime, boolean renew, LockBackoff backoff,
			LockLostListener lostListener) {
		Assert.notNull(store, "LockStore must not be null");
		LockDefinition.checkLeaseTime(leaseTime, () -> "Default lease time");
		Assert.notNull(backoff, "LockBackoff must not be null");
		Assert.notNull(lostListener, "LockLostListener must not be null");
		this.leaseTime = leaseTime;
		this.renew = renew;
		GuardedStore guardedStore = new GuardedStore(store);
		this.leases = new LeaseKeeper(guardedStore, lostListener);
		this.states = new LockStates(this.leases, this::isStopping);
		this.shutdown = new LockClientShutdown(this.states.all(), this.leases::giveUp);
		OwnerTokens owners = new OwnerTokens();
		this.instanceId = owners.instanceId();
		this.handOffs = new LocalHandOffs(guardedStore, this.leases, this.states, owners);
		this.asyncLocks = new AsyncLocks(guardedStore, owners, backoff, this.leases, this::isStopping);
		StoreAcquirer storeAcquirer = new StoreAcquirer(guardedStore, owners, this.leases, this.asyncLocks);
		this.shutdown.include(this.asyncLocks);
		FencingTokens fencingTokens = new FencingTokens(guardedStore, this.leases);
		this.engine = new LockEngine(this.states, this.handOffs, storeAcquirer, this.leases, fencingTokens,
				this.shutdown);
	}

	/**
	 * Let a releasing thread pass the lock straight to the next thread of this process
	 * waiting for it, without a round trip, at most this many times in a row before the
	 * lock takes a fresh lease from the store again. Off ({@code 0}) by default because
	 * such a hand-off is not a fresh acquisition: the next holder shares the previous
	 * one's fencing token.
	 * @param maxLocalHandoffs the most hand-offs in a row, {@code 0} for none
	 */
	public void setMaxLocalHandoffs(int maxLocalHandoffs) {
		this.handOffs.setMaxLocalHandoffs(maxLocalHandoffs);
	}

	/**
	 * Return the random id of this client, with which each of its owner tokens starts:
	 * how a store that records only the instance of a holder names this one.
	 * @return the instance id
	 */
	public String getInstanceId() {
		return this.instanceId;
	}

	/**
	 * Run on virtual threads the threads of this client that run application code or may
	 * block: those that complete the stages of asynchronous holders and make the blocking
	 * store calls of a store without non-blocking ones, and the one that tells
	 * {@link LockLostListener}s. The renewal thread and the timers stay platform threads:
	 * leases must be renewed on time even while every carrier thread is busy with
	 * application work. Set it before the client is used. Needs Java 21 or later.
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

	@Override
	public DistributedLock getLock(String name) {
		return getLock(name, LockDefinition.DEFAULT_LABEL);
	}

	@Override
	public DistributedLock getLock(String name, String label) {
		LockArguments.name(name);
		return new ClientLock(this.engine, name, LockArguments.label(name, label), this.leaseTime, this.renew);
	}

	/**
	 * Acquire a lock for a holder that is not a thread: see
	 * {@link LockClient#tryAcquireAsync}. Its lease is renewed like a thread's when the
	 * definition asks for renewal, and the client's stop waits for it to be released like
	 * a thread's lock, then gives it up. The wait blocks no thread: with a store that has
	 * no non-blocking calls ({@link LockStore#async()}), its store calls run on threads
	 * of this client's.
	 */
	@Override
	public CompletableFuture<Optional<LockLease>> tryAcquireAsync(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		return this.asyncLocks.tryAcquire(definition);
	}

	/**
	 * Return the number of lock names this process currently holds or waits for.
	 * @return the number of active lock names
	 */
	int activeLockCount() {
		return this.states.size();
	}

	/**
	 * Return the number of leases currently renewed.
	 * @return the number of scheduled renewals
	 */
	int renewalCount() {
		return this.leases.renewalCount();
	}

	/**
	 * Return the locks this instance holds now, for operators (the Actuator endpoint
	 * {@code locks} shows them): a snapshot by lock name, which may be out of date by the
	 * time it is read, and changes nothing.
	 * @return the locks held, by name
	 */
	public List<HeldLock> heldLocks() {
		return LockInventory.heldLocks(this.states.all(), this.asyncLocks.holds());
	}

	/**
	 * Return the waits for a lock in progress in this instance, for operators: a snapshot
	 * by lock name.
	 * @return the locks waited for, by name
	 */
	public List<LockWait> waits() {
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
	 * Release a lock that a thread of this instance holds, without that thread, for an
	 * operator unsticking a hung holder. Only this instance's hold is released in the
	 * store, checked against its owner token, so a lock held by another instance, or
	 * taken by another one meanwhile, is never released. The lock is then free for other
	 * instances at once, while its holding thread still runs (the other threads of this
	 * instance still queue behind that thread, which holds the lock's local turn until it
	 * unlocks): it is no longer renewed, it is reported lost to the
	 * {@link LockLostListener}, and its holder gets {@link LockLostException} when it
	 * releases it, or locks it again. Work still done under it may overlap with the next
	 * holder's, as after any lost lease: use it on a holder known to be stuck. A
	 * {@link LockLease} is released the same way: its {@link LockLease#whenLost()}
	 * completes, and its release fails with {@link LockLostException}.
	 * @param name the lock name
	 * @return whether this instance held the lock until it gave it up; {@code false} if
	 * it held none by that name, its hold ended or passed to another of its threads
	 * meanwhile (the new hold is not touched), or the release failed in the store, which
	 * is only logged: the lock then frees itself when its lease runs out
	 */
	public boolean revoke(String name) {
		LockState state = this.states.get(LockArguments.name(name));
		LockHold hold = (state != null) ? state.hold : null;
		if (hold == null) {
			hold = this.asyncLocks.holdOf(name);
		}
		return hold != null && this.leases.giveUp(hold, "an operator released the lock while it was held",
				"an operator released it while it was held", " for an operator");
	}

	/**
	 * Whether waits are abandoned: from the start of a stop on.
	 */
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
	 * Stop handing out locks, and wait until the locks held are released, up to the
	 * {@link #setShutdownTimeout shutdown timeout}, so that no other instance takes them
	 * while their holders still run. Meanwhile their leases are renewed; threads waiting
	 * for a lock give up at once, and new acquisitions fail, with
	 * {@link LockClientClosedException}, leaving the store's queues. Locks still held
	 * when the timeout passes are no longer renewed, are released in the store, so that
	 * other instances take them at once rather than after their lease, and are reported
	 * lost; their holders get {@link LockLostException} at release. Blocks the calling
	 * thread, so that what the client needs, such as the store's connections, is stopped
	 * only after it.
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
	 * after the phases that finish the work that holds locks (Spring Boot's graceful web
	 * shutdown, at {@code Integer.MAX_VALUE - 1024}, which lets in-flight requests finish
	 * within {@code spring.lifecycle.timeout-per-shutdown-phase}; message listener
	 * containers, near {@code Integer.MAX_VALUE}; Spring's executors and schedulers,
	 * whose stop waits for running tasks, at {@code Integer.MAX_VALUE / 2}), so that
	 * locks are released by their holders before any is given up, and before the Redis
	 * connection factories, at {@code 0}. A context stops its lifecycle beans before it
	 * destroys any bean: had the wait been left to {@link #close()}, it would run after
	 * the connection factory had stopped, whatever the beans depend on.
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
	}

}
