// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.SimulatedClients;
import io.github.redislock.redis.SimulatedLockStore;

/**
 * One asynchronous caller of a lock client, over and over until the run's work ends or
 * its client shuts down: asks for a random lock with a random lease and wait, holds it a
 * while, now and then asks for its fencing token and writes the lock's
 * {@link FencedResource} with it (raising the lock's tokens above the resource's when
 * refused, as the starter's fenced writes do) and renews the lease itself, and releases
 * it (or, rarely, walks away from a lease that is not renewed). Every answer must come
 * within its bound, later by as long as its process was paused meanwhile; a crashed
 * process's callers are never answered.
 *
 * @author redis-lock contributors
 */
final class Caller {

	/**
	 * One ask in this many is given up by its caller before it is answered, if it is not.
	 */
	private static final int GIVES_UP_ONE_IN = 8;

	/** Up to a few round trips of the network (up to 1 ms each way). */
	private static final long GIVE_UP_WITHIN_NANOS = 3_000_000L;

	/**
	 * Asked by some renewed callers: longer than the lease a lock handed to a waiter
	 * gets, so that a hand-off to a dead waiter shows whether it is bounded.
	 */
	private static final Duration LONG_LEASE = Duration.ofNanos(Invariants.LONGEST_LEASE_NANOS);

	/**
	 * A hold lasts up to 1.5 times its lease, 2.5 times if renewed, a lease counting as 2
	 * s at most: a long lease is renewed at most once, and holds others up for seconds,
	 * not half a minute.
	 */
	private static final long LONGEST_HELD_LEASE_NANOS = 2_000_000_000L;

	/** An answer later than its wait by more than this is a liveness violation. */
	private final long answerSlackNanos;

	private final String name;

	/** The trace's line of the event that starts the next hold. */
	private final String nextLine;

	private final DefaultLockClient client;

	private final SimulatedLockStore store;

	private final ClientProcess process;

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final Invariants invariants;

	private final FencedResource resource;

	private final int locks;

	private final long stopAt;

	/**
	 * Whether some asks are given up: on one master, where no grant may be left behind (a
	 * Redlock's runs keep the sequence of draws they had before).
	 */
	private final boolean givesUp;

	private long operations;

	private boolean busy;

	private boolean waiting;

	Caller(String name, DefaultLockClient client, SimulatedLockStore store, ClientProcess process, Scheduler scheduler,
			Invariants invariants, FencedResource resource, int locks, long stopAt, boolean givesUp) {
		this.name = name;
		this.answerSlackNanos = Network.answerSlackNanos(store.acknowledgesWrites());
		this.nextLine = name + " next";
		this.client = client;
		this.store = store;
		this.process = process;
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.invariants = invariants;
		this.resource = resource;
		this.locks = locks;
		this.stopAt = stopAt;
		this.givesUp = givesUp;
	}

	void start() {
		next();
	}

	long operations() {
		return this.operations;
	}

	boolean isBusy() {
		return this.busy;
	}

	/** Asked for a lock and not answered yet. */
	boolean isWaiting() {
		return this.waiting;
	}

	private void next() {
		this.busy = false;
		if (this.scheduler.nanos() >= this.stopAt || !this.client.isRunning()) {
			return;
		}
		this.busy = true;
		this.scheduler.schedule(this.random.nextLong(50_000_000L), this.nextLine, this::acquire, this.process);
	}

	private void acquire() {
		String lock = "lock-" + this.random.nextInt(this.locks);
		boolean renew = this.random.nextBoolean();
		Duration lease = (renew && this.random.nextInt(4) == 0) ? LONG_LEASE
				: Duration.ofMillis(100 + this.random.nextInt(900));
		Duration wait = this.random.nextBoolean() ? Duration.ZERO : Duration.ofMillis(50 + this.random.nextInt(1950));
		long askedAt = this.scheduler.nanos();
		this.scheduler.note(this.name, " asks ", lock, " lease ", lease.toMillis(), " wait ", wait.toMillis(),
				renew ? " renewed" : "");
		var answer = this.client.tryAcquireAsync(new LockDefinition(lock, lease, wait, renew));
		this.waiting = true;
		if (this.givesUp && this.random.nextInt(GIVES_UP_ONE_IN) == 0) {
			// Within a few round trips: often while an attempt is on its way.
			giveUpLater(answer.toCompletableFuture(), lock, this.random.nextLong(GIVE_UP_WITHIN_NANOS));
		}
		expectAnswer(answer, wait.toNanos() + this.answerSlackNanos, () -> this.name + " asked for " + lock + " at "
				+ askedAt / 1_000_000 + " ms with a wait of " + wait.toMillis() + " ms and has no answer");
		answer.whenComplete((granted, failure) -> {
			this.operations++;
			this.waiting = false;
			if (failure != null || granted.isEmpty()) {
				this.scheduler.note(this.name, (failure != null) ? " failed: " : " did not get ",
						(failure != null) ? failure : lock);
				next();
			}
			else {
				hold(granted.get(), lock, lease, renew, askedAt);
			}
		});
	}

	private void hold(LockLease lease, String lock, Duration leaseTime, boolean renew, long askedAt) {
		String owner = this.store.alias(SimulatedClients.ownerToken(lease));
		this.scheduler.note(this.name, " holds ", lock, " as ", owner);
		Invariants.Hold hold = this.invariants.granted(this.name, this.process, lock, this.store.lockKey(lock), lease,
				owner, askedAt);
		lease.whenLost().thenAccept((lost) -> {
			this.scheduler.note(this.name, " lost ", lock, ": ", lost.getMessage());
			this.invariants.lost(hold);
		});
		long holdFor = (long) (Math.min(leaseTime.toNanos(), LONGEST_HELD_LEASE_NANOS) * this.random.nextDouble()
				* (renew ? 2.5 : 1.5));
		long releaseAt = this.scheduler.nanos() + holdFor;
		if (this.random.nextDouble() < 0.6) {
			lease.fencingToken().whenComplete((token, failure) -> {
				this.operations++;
				if (token != null) {
					this.scheduler.note(this.name, " token ", token, " for ", lock);
					this.invariants.fencingToken(hold, token);
					write(lease, lock, token, releaseAt);
				}
			});
		}
		if (this.random.nextDouble() < 0.25) {
			this.scheduler.schedule(this.random.nextLong(Math.max(1, holdFor)), null, () -> renew(lease, hold, lock),
					this.process);
		}
		this.scheduler.schedule(holdFor, null, () -> {
			if (!renew && this.random.nextDouble() < 0.03) {
				this.scheduler.note(this.name + " walks away from " + lock);
				this.invariants.ended(hold);
				next();
				return;
			}
			long releasedAt = this.scheduler.nanos();
			this.invariants.releasing(hold);
			var released = lease.release().toCompletableFuture();
			expectAnswer(released, this.answerSlackNanos,
					() -> this.name + " released " + lock + " at " + releasedAt / 1_000_000 + " ms and has no answer");
			released.whenComplete((done, failure) -> {
				this.operations++;
				this.scheduler.note(this.name, " released ", lock, (failure != null) ? ": " : "",
						(failure != null) ? failure : "");
				this.invariants.released(hold, failure);
				next();
			});
		}, this.process);
	}

	/**
	 * Writes the lock's resource with the token before the hold ends, and raises the
	 * lock's tokens above the resource's if it refuses the write.
	 */
	private void write(LockLease lease, String lock, long token, long releaseAt) {
		long delay = this.random.nextLong(Math.max(1, releaseAt - this.scheduler.nanos()));
		this.scheduler.schedule(delay, null,
				() -> this.resource.write(this.name, lock, token, this.process).thenAccept((newer) -> {
					if (newer != 0) {
						this.scheduler.note(this.name, " refused by ", lock, "'s resource, which holds ", newer);
						lease.raiseFencingTokensAbove(newer).whenComplete((raised, failure) -> this.operations++);
					}
				}), this.process);
	}

	private void renew(LockLease lease, Invariants.Hold hold, String lock) {
		long renewedAt = this.scheduler.nanos();
		var renewed = lease.renew().toCompletableFuture();
		expectAnswer(renewed, this.answerSlackNanos,
				() -> this.name + " renewed " + lock + " at " + renewedAt / 1_000_000 + " ms and has no answer");
		renewed.whenComplete((done, failure) -> {
			this.operations++;
			this.scheduler.note(this.name, " renewed ", lock, (failure != null) ? ": " : "",
					(failure != null) ? failure : "");
			this.invariants.renewed(hold, failure, renewedAt);
		});
	}

	/**
	 * The answer must come within the bound, later by as long as the process was paused
	 * meanwhile; a crashed process is never answered.
	 */
	/**
	 * The caller stops waiting: it cancels the stage it was given, if still unanswered.
	 */
	private void giveUpLater(CompletableFuture<?> answer, String lock, long afterNanos) {
		this.scheduler.schedule(afterNanos, null, () -> {
			if (answer.cancel(false)) {
				this.scheduler.note(this.name, " gave up waiting for ", lock);
			}
		}, this.process);
	}

	private void expectAnswer(CompletableFuture<?> answer, long within, Supplier<String> complaint) {
		long paused = this.process.pausedNanos();
		this.scheduler.schedule(within, null, () -> checkAnswered(answer, paused, complaint));
	}

	private void checkAnswered(CompletableFuture<?> answer, long pausedBefore, Supplier<String> complaint) {
		if (answer.isDone() || this.process.isCrashed()) {
			return;
		}
		long pausedSince = this.process.pausedNanos() - pausedBefore;
		if (pausedSince > 0) {
			this.scheduler.schedule(pausedSince, null,
					() -> checkAnswered(answer, pausedBefore + pausedSince, complaint));
			return;
		}
		this.invariants.violation(complaint.get());
	}

	@Override
	public String toString() {
		return this.name;
	}

	DefaultLockClient client() {
		return this.client;
	}

	ClientProcess process() {
		return this.process;
	}

}
