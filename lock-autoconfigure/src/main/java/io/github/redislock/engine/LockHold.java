/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.engine;

import java.time.Duration;

/**
 * One fresh acquisition of a lock, from store acquire to final release. Written by the
 * holding thread and read by the renewal thread, hence the volatile fields. Re-entries
 * share the hold of the outermost acquisition.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockHold {

	final String name;

	final String ownerToken;

	/**
	 * The fencing token, {@code 0} until the store issued one when a holder first asked.
	 */
	volatile long fencingToken;

	/** The holding thread; changes only when a local hand-off passes the hold on. */
	volatile Thread owner;

	/** Local hand-offs since the store acquisition; touched only under the local lock. */
	int handoffs;

	/**
	 * Whether the store renewed the lease just before the hold was handed to the next
	 * local thread, as for an acquisition of its own, with no fencing token issued yet;
	 * cleared when that thread takes it over.
	 */
	volatile boolean reacquired;

	volatile Duration leaseTime;

	/** {@link System#nanoTime()} at which the lease is known to end. */
	volatile long expiresAt;

	volatile boolean lost;

	/**
	 * Whether the client gave the hold up when it shut down while the hold was still
	 * held; set just before {@link #lost}.
	 */
	volatile boolean givenUp;

	volatile boolean released;

	/** Whether the lease is renewed while held. */
	volatile boolean renewing;

	/** {@link System#nanoTime()} after which the lease is due for renewal. */
	volatile long renewAfter;

	LockHold(String name, String ownerToken, Duration leaseTime, long requestedAt) {
		this.name = name;
		this.ownerToken = ownerToken;
		this.owner = Thread.currentThread();
		this.leaseTime = leaseTime;
		renewedFrom(requestedAt, leaseTime);
	}

	boolean isValid() {
		return !this.lost && !this.released && System.nanoTime() - this.expiresAt < 0;
	}

	long remainingNanos() {
		return isValid() ? this.expiresAt - System.nanoTime() : 0;
	}

	/**
	 * Record a lease that the store confirmed, counted from when it was requested so the
	 * local view never outlasts the store's.
	 */
	void renewedFrom(long requestedAt, Duration leaseTime) {
		this.expiresAt = requestedAt + leaseTime.toNanos();
		this.renewAfter = requestedAt + leaseTime.toNanos() / 3;
	}

}
