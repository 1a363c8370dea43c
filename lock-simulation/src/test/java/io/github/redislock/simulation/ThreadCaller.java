// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;

/**
 * One thread of a lock client calling its blocking API, on {@link CallerThreads}, until
 * the run's work ends or its client shuts down: locks one of a few names with
 * {@code lock()} or {@code tryLock(wait, lease)}, now and then re-enters, holds it a
 * while and unlocks. No two threads hold a name at once (a re-entry is the same holder),
 * within the timing assumptions across clients and always within one; a {@code tryLock}
 * answers within its wait.
 *
 * @author redis-lock contributors
 */
final class ThreadCaller {

	/** How rarely a thread ends while it holds a lock, without unlocking it. */
	private static final int ENDS_HOLDING_ONE_IN = 100;

	/** An answer later than its wait by more than this is a liveness violation. */
	private final long answerSlackNanos;

	private final String name;

	private final SimClient client;

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final CallerThreads threads;

	private final Holders holders;

	private final int locks;

	private final long stopAt;

	/** Called on this thread when it ends holding a lock. */
	private final Consumer<ThreadCaller> endedHolding;

	private long operations;

	private boolean busy;

	/** When the thread ended its work, if it did. */
	private long endedAt;

	/** The attempt waiting for its answer, 0 if none. */
	private long waiting;

	private long attempts;

	private Thread thread;

	/** Interrupts sent to this thread; read by it after each call. */
	private long interrupts;

	ThreadCaller(String name, SimClient client, Scheduler scheduler, CallerThreads threads, Holders holders, int locks,
			long stopAt, Consumer<ThreadCaller> endedHolding) {
		this.name = name;
		this.answerSlackNanos = Network.answerSlackNanos(client.acknowledgesWrites);
		this.client = client;
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.threads = threads;
		this.holders = holders;
		this.locks = locks;
		this.stopAt = stopAt;
		this.endedHolding = endedHolding;
	}

	void start() {
		this.busy = true;
		this.threads.start(this.name, this.client.process, this::run);
	}

	boolean isBusy() {
		return this.busy;
	}

	/** When it ended its work; {@link Long#MAX_VALUE} while busy. */
	long endedAt() {
		return this.busy ? Long.MAX_VALUE : this.endedAt;
	}

	long operations() {
		return this.operations;
	}

	/** Whether it waits for a lock. */
	boolean isWaiting() {
		return this.waiting != 0;
	}

	ClientProcess process() {
		return this.client.process;
	}

	SimClient client() {
		return this.client;
	}

	/**
	 * On the simulation's thread: interrupts this caller's thread, waking it now if it is
	 * parked.
	 */
	void interrupt() {
		if (!this.busy || this.thread == null) {
			return;
		}
		this.interrupts++;
		this.scheduler.note(this.name, " is interrupted");
		this.thread.interrupt();
		this.threads.unpark(this.thread);
	}

	private boolean working() {
		return this.scheduler.nanos() < this.stopAt && this.client.client.isRunning();
	}

	private void run() {
		this.thread = Thread.currentThread();
		try {
			while (working()) {
				sleep(this.random.nextLong(50_000_000L));
				if (!working()) {
					break;
				}
				once();
			}
		}
		catch (EndsHolding ex) {
			this.endedHolding.accept(this);
		}
		finally {
			this.busy = false;
			this.endedAt = this.scheduler.nanos();
		}
	}

	private void once() {
		String lock = "thread-lock-" + this.random.nextInt(this.locks);
		DistributedLock handle = this.client.client.getLock(lock);
		boolean forever = this.random.nextInt(3) == 0;
		boolean interruptibly = forever && this.random.nextBoolean();
		Duration lease = Duration.ofMillis(200 + this.random.nextInt(800));
		Duration wait = Duration.ofMillis(50 + this.random.nextInt(1950));
		long askedAt = this.scheduler.nanos();
		long attempt = ++this.attempts;
		this.waiting = attempt;
		if (forever) {
			this.scheduler.note(this.name, " locks ", lock);
		}
		else {
			this.scheduler.note(this.name, " tries ", lock, " lease ", lease.toMillis(), " wait ", wait.toMillis());
			expectAnswer(attempt, askedAt, wait.toNanos() + this.answerSlackNanos, lock);
		}
		boolean granted;
		long interruptsBefore = this.interrupts;
		boolean interruptedBefore = Thread.currentThread().isInterrupted();
		try {
			if (interruptibly) {
				handle.lockInterruptibly();
				granted = true;
			}
			else if (forever) {
				handle.lock();
				granted = true;
			}
			else {
				granted = handle.tryLock(wait, lease, false);
			}
		}
		catch (InterruptedException ex) {
			this.waiting = 0;
			this.operations++;
			this.scheduler.note(this.name, " was interrupted waiting for ", lock);
			if (this.interrupts == interruptsBefore && !interruptedBefore) {
				this.holders.invariants.violation(this.name + " was told it was interrupted waiting for lock '" + lock
						+ "', and nothing interrupted it");
			}
			checkHoldsNothing(handle, "was interrupted waiting for it");
			return;
		}
		catch (RuntimeException ex) {
			this.waiting = 0;
			this.operations++;
			this.scheduler.note(this.name, " failed: ", ex);
			checkInterruptKept(interruptsBefore, interruptedBefore, "failed to take lock '" + lock + "'");
			checkHoldsNothing(handle, "failed to take it");
			return;
		}
		this.waiting = 0;
		this.operations++;
		checkInterruptKept(interruptsBefore, interruptedBefore, "asked for lock '" + lock + "'");
		if (!granted) {
			this.scheduler.note(this.name, " did not get ", lock);
			checkHoldsNothing(handle, "did not get it");
			return;
		}
		this.scheduler.note(this.name, " holds ", lock);
		Hold hold = this.holders.granted(this, lock, askedAt);
		int entries = 1;
		if (this.random.nextInt(4) == 0) {
			try {
				handle.lock();
				entries++;
				this.scheduler.note(this.name, " re-entered ", lock);
			}
			catch (RuntimeException ex) {
				this.scheduler.note(this.name, " could not re-enter: ", ex);
			}
		}
		if (this.random.nextInt(ENDS_HOLDING_ONE_IN) == 0) {
			// Its client frees the lock for its other threads once its lease runs out.
			this.scheduler.note(this.name, " ends holding ", lock);
			this.holders.releasing(hold);
			throw new EndsHolding();
		}
		// Within the lease unless renewed: a hold past its lease is the caller's fault.
		long holdFor = (long) ((forever ? 1_500_000_000L : lease.toNanos() / 2) * this.random.nextDouble());
		sleep(holdFor);
		this.holders.releasing(hold);
		// Released even when interrupted meanwhile, the flag kept.
		long interruptsBeforeUnlock = this.interrupts;
		boolean interruptedBeforeUnlock = Thread.currentThread().isInterrupted();
		for (int i = 0; i < entries; i++) {
			try {
				handle.unlock();
			}
			catch (RuntimeException ex) {
				this.scheduler.note(this.name, " unlocked ", lock, ": ", ex);
			}
		}
		this.operations++;
		this.scheduler.note(this.name, " unlocked ", lock);
		checkInterruptKept(interruptsBeforeUnlock, interruptedBeforeUnlock, "unlocked lock '" + lock + "'");
		checkHoldsNothing(handle, "unlocked it");
	}

	/**
	 * Lets simulated time pass on this thread; an interrupt meanwhile stays pending for
	 * what the thread does next.
	 */
	private void sleep(long nanos) {
		long until = this.scheduler.nanos() + nanos;
		boolean interrupted = false;
		while (this.scheduler.nanos() < until) {
			interrupted |= Thread.interrupted();
			this.threads.park(until);
		}
		if (interrupted || Thread.interrupted()) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A call that was interrupted, or began with the flag set, and did not throw
	 * {@link InterruptedException} leaves the flag set; the flag is then cleared.
	 */
	private void checkInterruptKept(long interruptsBefore, boolean interruptedBefore, String what) {
		boolean interrupted = Thread.interrupted();
		if ((interruptedBefore || this.interrupts != interruptsBefore) && !interrupted) {
			this.holders.invariants
				.violation(this.name + " was interrupted and " + what + ", which lost the interrupt");
		}
	}

	private void checkHoldsNothing(DistributedLock handle, String what) {
		if (handle.getHoldCount() != 0) {
			this.holders.invariants.violation(this.name + " " + what + ", and holds lock '" + handle.getName() + "' "
					+ handle.getHoldCount() + " times");
		}
	}

	private void expectAnswer(long attempt, long askedAt, long within, String lock) {
		long paused = this.client.process.pausedNanos();
		this.scheduler.schedule(within, null, () -> checkAnswered(attempt, askedAt, paused, lock));
	}

	private void checkAnswered(long attempt, long askedAt, long pausedBefore, String lock) {
		if (this.waiting != attempt || this.client.process.isCrashed()) {
			return;
		}
		long pausedSince = this.client.process.pausedNanos() - pausedBefore;
		if (pausedSince > 0) {
			this.scheduler.schedule(pausedSince, null,
					() -> checkAnswered(attempt, askedAt, pausedBefore + pausedSince, lock));
			return;
		}
		this.holders.invariants
			.violation(this.name + " tried " + lock + " at " + askedAt / 1_000_000 + " ms and has no answer");
	}

	@Override
	public String toString() {
		return this.name;
	}

	/**
	 * The holds of every thread caller: no other thread holds a name when one is granted
	 * it, unless its client's lease ran out, or, for another client's, a fault beyond the
	 * timing assumptions happened since either asked.
	 */
	static final class Holders {

		final Invariants invariants;

		private final Map<String, List<Hold>> holds = new HashMap<>();

		private long grantsRunOut;

		/** Per client and lock, the hold released last. */
		private final Map<String, Hold> lastReleased = new HashMap<>();

		Holders(Invariants invariants) {
			this.invariants = invariants;
		}

		Hold granted(ThreadCaller caller, String lock, long askedAt) {
			long now = caller.scheduler.nanos();
			Hold previous = this.lastReleased.get(caller.client.name + " " + lock);
			// Passed on in the same instant with the same lease, unseen by the store: the
			// lease is as old as the hold that took it from the store.
			boolean passedWithTheLease = previous != null && previous.releasedAt == now;
			long leaseSince = passedWithTheLease ? Math.min(previous.leaseSince, askedAt) : askedAt;
			this.invariants.threadGranted(caller.client.name, lock);
			Hold hold = new Hold(caller, lock, askedAt, leaseSince);
			hold.passesWithTheLease = passedWithTheLease ? previous.passesWithTheLease + 1 : 0;
			if (hold.passesWithTheLease > caller.client.localHandoffs) {
				this.invariants.violation(
						caller.client.name + " passed lock '" + lock + "' on with one lease " + hold.passesWithTheLease
								+ " times in a row, more than its " + caller.client.localHandoffs + " local hand-offs");
			}
			List<Hold> current = this.holds.computeIfAbsent(lock, (name) -> new ArrayList<>());
			current.removeIf((other) -> other.caller.client.process.isCrashed());
			// Its lease may have run out, or been revoked, while it was taken over from
			// another thread of its client (a pause, say): granted, but not held.
			boolean held = stillLeased(hold);
			if (!held) {
				this.grantsRunOut++;
				caller.scheduler.note(hold + " was granted a lease that no longer lasts");
			}
			for (Hold other : current) {
				if (other.caller.client == caller.client) {
					this.invariants.violation("two threads of " + caller.client.name + " hold lock '" + lock + "': "
							+ other + " and " + hold);
				}
				else if (held && stillLeased(other)
						&& !this.invariants.faultSince(Math.min(other.leaseSince, leaseSince))) {
					this.invariants.violation("two holders of lock '" + lock + "': " + other + " and " + hold);
				}
			}
			current.add(hold);
			return hold;
		}

		private static boolean stillLeased(Hold hold) {
			return hold.caller.client.client.heldLocks()
				.stream()
				.anyMatch((lease) -> lease.name().equals(hold.lock) && !lease.remainingLease().isZero());
		}

		/**
		 * Grants whose lease no longer lasted when the thread was told it holds the lock.
		 */
		long grantsRunOut() {
			return this.grantsRunOut;
		}

		void releasing(Hold hold) {
			hold.releasedAt = hold.caller.scheduler.nanos();
			this.lastReleased.put(hold.caller.client.name + " " + hold.lock, hold);
			List<Hold> current = this.holds.get(hold.lock);
			if (current != null) {
				current.remove(hold);
			}
		}

	}

	/** Ends the thread's work where it stands. */
	private static final class EndsHolding extends RuntimeException {

		EndsHolding() {
			super(null, null, false, false);
		}

	}

	static final class Hold {

		final ThreadCaller caller;

		final String lock;

		final long askedAt;

		/** When the lease it holds was last asked of the store, as far as can be told. */
		final long leaseSince;

		long releasedAt = -1;

		/**
		 * Passes in a row with the same lease, in the instant of a release, up to this
		 * one.
		 */
		int passesWithTheLease;

		Hold(ThreadCaller caller, String lock, long askedAt, long leaseSince) {
			this.caller = caller;
			this.lock = lock;
			this.askedAt = askedAt;
			this.leaseSince = leaseSince;
		}

		@Override
		public String toString() {
			return this.caller + " (asked at " + this.askedAt / 1_000_000 + " ms)";
		}

	}

}
