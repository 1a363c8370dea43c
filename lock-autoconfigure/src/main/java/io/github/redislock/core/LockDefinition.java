// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringUtils;

/**
 * What to lock and for how long: the lock name, the lease, the wait time and whether to
 * renew the lease while held, and optionally what takes the lock, for operators.
 * Validated when created, so an invalid definition never reaches the store.
 *
 * @param name the lock name, not blank
 * @param leaseTime how long the lock survives a holder that stops renewing, at least 1 ms
 * and at most {@link #MAX_LEASE_TIME}; a grant whose answer leaves under 1 ms of it is
 * given back, and the wait goes on, so a lease must outlast a round trip to the store
 * @param waitTime how long to wait for a busy lock, zero to try once; a wait longer than
 * {@link #MAX_LEASE_TIME} is cut to it, which is waiting practically forever
 * @param renew whether to extend the lease while the lock is held
 * @param label the bounded name that metrics, traces and logs report the lock under, the
 * same for every lock of one kind (as {@code "order"} for {@code "order:42"});
 * {@value #DEFAULT_LABEL} unless set with {@link #withLabel}
 * @param method what takes the lock, recorded with it in the store next to the holder's
 * host, process, thread and acquisition time: the {@code @RedisLock} method, or whatever
 * a programmatic caller names; {@code null} for nothing
 * @param holdAtLeast how long the lock stays taken after it was acquired, even once
 * released, so that work that ends quickly (a job several instances start at about the
 * same time) is not done again by another instance right after; {@link Duration#ZERO} for
 * none, else in the range of the lease, and no longer than the lease when it is not
 * renewed
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockDefinition(String name, Duration leaseTime, Duration waitTime, boolean renew, String label,
		@Nullable String method, Duration holdAtLeast) {

	/** The label of locks that were given none. */
	public static final String DEFAULT_LABEL = "programmatic";

	/**
	 * The longest lease, {@code Long.MAX_VALUE} nanoseconds (about 292 years), as leases
	 * are timed with {@link System#nanoTime()}; longer leases are refused before anything
	 * reaches the store.
	 */
	public static final Duration MAX_LEASE_TIME = Duration.ofNanos(Long.MAX_VALUE);

	/** The shortest lease: Redis refuses {@code PX 0}. */
	private static final Duration MIN_LEASE_TIME = Duration.ofMillis(1);

	/**
	 * Check the definition and cut its wait time to {@link #MAX_LEASE_TIME}.
	 * @throws IllegalArgumentException if the name is {@code null} or blank, a time is
	 * {@code null}, the lease is under 1 ms or above {@link #MAX_LEASE_TIME}, the wait
	 * time is negative, or the time to hold at least is neither zero nor in the range of
	 * the lease, or is longer than a lease that is not renewed
	 */
	public LockDefinition {
		checkName(name);
		checkLeaseTime(leaseTime, () -> "Lease time of lock '" + name + "'");
		waitTime = checkWaitTime(name, waitTime);
		checkLabel(name, label);
		checkHoldAtLeast(holdAtLeast, () -> "Time to hold lock '" + name + "' at least");
		if (!renew && holdAtLeast.compareTo(leaseTime) > 0) {
			throw new IllegalArgumentException("Time to hold lock '" + name + "' at least (" + holdAtLeast.toMillis()
					+ " ms) is longer than its lease (" + leaseTime.toMillis() + " ms), which is not renewed and so "
					+ "bounds how long the lock is held: hold it at least for no longer than the lease, or renew it");
		}
	}

	/**
	 * Create a definition that holds the lock no longer than until its release.
	 * @param name the lock name
	 * @param leaseTime the lease
	 * @param waitTime the wait time
	 * @param renew whether to renew the lease while held
	 * @param label the label
	 * @param method what takes the lock, or {@code null}
	 * @throws IllegalArgumentException as the canonical constructor
	 */
	public LockDefinition(String name, Duration leaseTime, Duration waitTime, boolean renew, String label,
			@Nullable String method) {
		this(name, leaseTime, waitTime, renew, label, method, Duration.ZERO);
	}

	/**
	 * Create a definition labelled {@value #DEFAULT_LABEL} that names nothing as what
	 * takes the lock.
	 * @param name the lock name
	 * @param leaseTime the lease
	 * @param waitTime the wait time
	 * @param renew whether to renew the lease while held
	 * @throws IllegalArgumentException as the canonical constructor
	 */
	public LockDefinition(String name, Duration leaseTime, Duration waitTime, boolean renew) {
		this(name, leaseTime, waitTime, renew, DEFAULT_LABEL, null);
	}

	/**
	 * Return this definition with another label.
	 * @param label the bounded name to report the lock under, not blank
	 * @return the definition
	 * @throws IllegalArgumentException if the label is {@code null} or blank
	 */
	public LockDefinition withLabel(String label) {
		return new LockDefinition(this.name, this.leaseTime, this.waitTime, this.renew, label, this.method,
				this.holdAtLeast);
	}

	/**
	 * Return a copy of this definition that names what takes the lock.
	 * @param method what takes the lock, or {@code null} for nothing
	 * @return the definition
	 */
	public LockDefinition withMethod(@Nullable String method) {
		return new LockDefinition(this.name, this.leaseTime, this.waitTime, this.renew, this.label, method,
				this.holdAtLeast);
	}

	/**
	 * Return a copy of this definition that keeps the lock taken for at least the given
	 * time after it was acquired, even once released.
	 * @param holdAtLeast the time, {@link Duration#ZERO} for none
	 * @return the definition
	 * @throws IllegalArgumentException if the time is {@code null}, or neither zero nor
	 * in the range of the lease
	 * @see #holdAtLeast()
	 */
	public LockDefinition withHoldAtLeast(Duration holdAtLeast) {
		return new LockDefinition(this.name, this.leaseTime, this.waitTime, this.renew, this.label, this.method,
				holdAtLeast);
	}

	/**
	 * Return a copy of this definition with another name.
	 * @param name the lock name
	 * @return the definition
	 * @throws IllegalArgumentException if the name is {@code null} or blank
	 */
	public LockDefinition withName(String name) {
		return new LockDefinition(name, this.leaseTime, this.waitTime, this.renew, this.label, this.method,
				this.holdAtLeast);
	}

	/**
	 * Check a lock name.
	 * @param name the lock name
	 * @return the name
	 * @throws IllegalArgumentException if it is {@code null} or blank
	 */
	public static String checkName(@Nullable String name) {
		if (!StringUtils.hasText(name)) {
			throw new IllegalArgumentException(
					"Lock name must not be null or blank, was " + ((name != null) ? "'" + name + "'" : "null"));
		}
		return name;
	}

	/**
	 * Check the label of a lock.
	 * @param name the lock name, for the message
	 * @param label the label
	 * @return the label
	 * @throws IllegalArgumentException if it is {@code null} or blank
	 */
	public static String checkLabel(@Nullable String name, @Nullable String label) {
		if (!StringUtils.hasText(label)) {
			throw new IllegalArgumentException("Label of lock '" + name + "' must not be null or blank, was "
					+ ((label != null) ? "'" + label + "'" : "null"));
		}
		return label;
	}

	/**
	 * Check a wait time and cut it to {@link #MAX_LEASE_TIME}, which is waiting
	 * practically forever.
	 * @param name the lock name, for the message
	 * @param waitTime the wait time
	 * @return the wait time, at most {@link #MAX_LEASE_TIME}
	 * @throws IllegalArgumentException if it is {@code null} or negative
	 */
	public static Duration checkWaitTime(String name, @Nullable Duration waitTime) {
		if (waitTime == null) {
			throw new IllegalArgumentException("Wait time of lock '" + name + "' must not be null");
		}
		if (waitTime.isNegative()) {
			throw new IllegalArgumentException(
					"Wait time of lock '" + name + "' must not be negative, was " + waitTime);
		}
		return (waitTime.compareTo(MAX_LEASE_TIME) > 0) ? MAX_LEASE_TIME : waitTime;
	}

	/**
	 * Check a lease, or another time the engine counts as it counts leases: at least 1 ms
	 * and at most {@link #MAX_LEASE_TIME}.
	 * @param time the time
	 * @param subject what the time is, as the message names it, such as
	 * {@code Lease time of lock 'orders'} or {@code redis-lock.expire}
	 * @return the time
	 * @throws IllegalArgumentException naming the subject, if the time is {@code null} or
	 * out of range
	 */
	public static Duration checkLeaseTime(@Nullable Duration time, Supplier<String> subject) {
		if (time == null) {
			throw new IllegalArgumentException(subject.get() + " must not be null");
		}
		if (time.compareTo(MIN_LEASE_TIME) < 0 || time.compareTo(MAX_LEASE_TIME) > 0) {
			throw outOfRange(subject, time.compareTo(MIN_LEASE_TIME) < 0, time);
		}
		return time;
	}

	/**
	 * Check a lease given as an amount of a unit, as
	 * {@link #checkLeaseTime(Duration, Supplier)} does, and convert it; an amount too
	 * large for {@link TimeUnit#toNanos} is refused, not cut.
	 * @param time the amount
	 * @param unit the unit
	 * @param subject what the time is, as the message names it
	 * @return the time
	 * @throws IllegalArgumentException naming the subject, if the time is out of range
	 */
	public static Duration checkLeaseTime(long time, TimeUnit unit, Supplier<String> subject) {
		boolean saturated = time > unit.convert(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
		Duration lease = Duration.ofNanos(unit.toNanos(time));
		if (saturated || lease.compareTo(MIN_LEASE_TIME) < 0) {
			throw outOfRange(subject, !saturated, time + " " + unit);
		}
		return lease;
	}

	/**
	 * Check a time to hold a lock at least: zero for none, else as a lease, since the
	 * store keeps the lock for it as it keeps a lease.
	 * @param time the time
	 * @param subject what the time is, as the message names it
	 * @return the time
	 * @throws IllegalArgumentException naming the subject, if the time is {@code null},
	 * negative, or not zero and out of the range of
	 * {@link #checkLeaseTime(Duration, Supplier)}
	 */
	public static Duration checkHoldAtLeast(@Nullable Duration time, Supplier<String> subject) {
		if (time != null && time.isNegative()) {
			throw new IllegalArgumentException(subject.get() + " must not be negative, was " + time);
		}
		return (time != null && time.isZero()) ? time : checkLeaseTime(time, subject);
	}

	/**
	 * Check a time to hold a lock at least given as an amount of a unit, as
	 * {@link #checkHoldAtLeast(Duration, Supplier)} does, and convert it; an amount too
	 * large for {@link TimeUnit#toNanos} is refused, not cut.
	 * @param time the amount
	 * @param unit the unit
	 * @param subject what the time is, as the message names it
	 * @return the time
	 * @throws IllegalArgumentException naming the subject, if the time is out of range
	 */
	public static Duration checkHoldAtLeast(long time, TimeUnit unit, Supplier<String> subject) {
		if (time < 0) {
			throw new IllegalArgumentException(subject.get() + " must not be negative, was " + time + " " + unit);
		}
		return (time == 0) ? Duration.ZERO : checkLeaseTime(time, unit, subject);
	}

	private static IllegalArgumentException outOfRange(Supplier<String> subject, boolean tooShort, Object given) {
		String bound = tooShort ? "at least 1 ms" : "at most " + MAX_LEASE_TIME + " (about 292 years)";
		return new IllegalArgumentException(subject.get() + " must be " + bound + ", was " + given);
	}

	/**
	 * Create a definition that renews its lease while held.
	 * @param name the lock name
	 * @param leaseTime the lease
	 * @param waitTime the wait time
	 * @return the definition
	 */
	public static LockDefinition of(String name, Duration leaseTime, Duration waitTime) {
		return new LockDefinition(name, leaseTime, waitTime, true);
	}

}
