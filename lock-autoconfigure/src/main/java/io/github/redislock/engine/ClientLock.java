// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLostException;

/**
 * The {@link DistributedLock} handle of a {@link DefaultLockClient}; stateless, as every
 * handle of one name shares the client's state for it.
 *
 * @author redis-lock contributors
 */
final class ClientLock implements DistributedLock {

	private final LockEngine engine;

	private final String name;

	private final String label;

	private final Duration defaultLeaseTime;

	private final boolean defaultRenew;

	ClientLock(LockEngine engine, String name, String label, Duration defaultLeaseTime, boolean defaultRenew) {
		this.engine = engine;
		this.name = name;
		this.label = label;
		this.defaultLeaseTime = defaultLeaseTime;
		this.defaultRenew = defaultRenew;
	}

	@Override
	public String getName() {
		return this.name;
	}

	@Override
	public void lock() {
		boolean interrupted = false;
		try {
			while (true) {
				try {
					acquire(Long.MAX_VALUE, this.defaultLeaseTime, this.defaultRenew);
					return;
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public void lockInterruptibly() throws InterruptedException {
		acquire(Long.MAX_VALUE, this.defaultLeaseTime, this.defaultRenew);
	}

	@Override
	public boolean tryLock() {
		boolean interrupted = Thread.interrupted();
		try {
			return this.engine.acquire(this.name, this.label, 0, this.defaultLeaseTime, this.defaultRenew, null,
					Duration.ZERO);
		}
		catch (InterruptedException ex) {
			interrupted = true;
			return false;
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** A wait too long for {@code toNanos} saturates, as in ReentrantLock. */
	@Override
	public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
		return acquire(checkUnit(unit).toNanos(time), this.defaultLeaseTime, this.defaultRenew);
	}

	@Override
	public boolean tryLock(long waitTime, long leaseTime, TimeUnit unit) throws InterruptedException {
		Duration lease = LockDefinition.checkLeaseTime(leaseTime, checkUnit(unit),
				() -> "Lease time of lock '" + this.name + "'");
		return acquire(unit.toNanos(waitTime), lease, this.defaultRenew);
	}

	@Override
	public boolean tryLock(Duration waitTime, Duration leaseTime, boolean renew) throws InterruptedException {
		long waitNanos = LockDefinition.checkWaitTime(this.name, waitTime).toNanos();
		LockDefinition.checkLeaseTime(leaseTime, () -> "Lease time of lock '" + this.name + "'");
		return acquire(waitNanos, leaseTime, renew);
	}

	@Override
	public boolean tryLock(LockDefinition definition) throws InterruptedException {
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		return this.engine.acquire(this.name, this.label, definition.waitTime().toNanos(), definition.leaseTime(),
				definition.renew(), definition.method(), definition.holdAtLeast());
	}

	private TimeUnit checkUnit(@Nullable TimeUnit unit) {
		if (unit == null) {
			throw new IllegalArgumentException("Time unit of lock '" + this.name + "' must not be null");
		}
		return unit;
	}

	private boolean acquire(long waitNanos, Duration leaseTime, boolean renew) throws InterruptedException {
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		return this.engine.acquire(this.name, this.label, waitNanos, leaseTime, renew, null, Duration.ZERO);
	}

	@Override
	public void unlock() {
		this.engine.release(this.name);
	}

	@Override
	public boolean isHeldByCurrentThread() {
		Lease hold = this.engine.currentHold(this.name);
		return hold != null && hold.isValid();
	}

	@Override
	public int getHoldCount() {
		return this.engine.holdCount(this.name);
	}

	@Override
	public long getFencingToken() {
		return this.engine.fencingToken(heldHold());
	}

	@Override
	public boolean raiseFencingTokensAbove(long token) {
		return this.engine.raiseFencingTokensAbove(this.name, token);
	}

	@Override
	public CompletionStage<LockLostException> whenLost() {
		return this.engine.whenLost(heldHold()).copy();
	}

	private Lease heldHold() {
		Lease hold = this.engine.currentHold(this.name);
		if (hold == null) {
			throw new IllegalMonitorStateException("Lock '" + this.name + "' is not held by the current thread");
		}
		return hold;
	}

	@Override
	public Duration getRemainingLease() {
		Lease hold = this.engine.currentHold(this.name);
		return (hold != null) ? Duration.ofNanos(hold.remainingNanos()) : Duration.ZERO;
	}

	@Override
	public String toString() {
		return "DistributedLock[" + this.name + "]";
	}

}
