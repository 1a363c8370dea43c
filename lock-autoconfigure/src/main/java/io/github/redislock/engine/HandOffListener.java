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

import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

import io.github.redislock.store.LockStore;

/**
 * Wakes the thread waiting in the store for a lock whenever the lock is released, and
 * records a hand-off to that thread only if it answers the thread's latest attempt: a
 * late message about an earlier attempt says nothing about who holds the lock now, since
 * a lock handed over then may have expired since. Matching and recording happen under one
 * monitor with {@link #expect}, so a message checked against the previous attempt is
 * never recorded for the next.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class HandOffListener implements LockStore.ReleaseListener {

	private final String ownerToken;

	private final Semaphore wakeUps;

	/**
	 * Guards the ticket and the hand-off: a lock, not a monitor, so that a virtual thread
	 * never pins its carrier here.
	 */
	private final ReentrantLock monitor = new ReentrantLock();

	/** The ticket of the latest attempt; guarded by the monitor. */
	private long ticket;

	/** The hand-off to the latest attempt, if any; guarded by the monitor. */
	private LockStore.@Nullable HandOff handOff;

	HandOffListener(String ownerToken, Semaphore wakeUps) {
		this.ownerToken = ownerToken;
		this.wakeUps = wakeUps;
	}

	/**
	 * Start listening for a hand-off to a new attempt, forgetting any to earlier ones.
	 * @param ticket the ticket of the attempt
	 */
	void expect(long ticket) {
		this.monitor.lock();
		try {
			this.ticket = ticket;
			this.handOff = null;
		}
		finally {
			this.monitor.unlock();
		}
	}

	/**
	 * Return the hand-off of the lock to the latest attempt.
	 * @return the hand-off, or {@code null} if the lock was not handed to it
	 */
	LockStore.@Nullable HandOff handOff() {
		this.monitor.lock();
		try {
			return this.handOff;
		}
		finally {
			this.monitor.unlock();
		}
	}

	@Override
	public void released(LockStore.@Nullable HandOff handOff) {
		if (handOff == null || record(handOff)) {
			this.wakeUps.release();
		}
	}

	private boolean record(LockStore.HandOff handOff) {
		this.monitor.lock();
		try {
			if (handOff.ticket() != this.ticket || !handOff.ownerToken().equals(this.ownerToken)) {
				return false;
			}
			this.handOff = handOff;
			return true;
		}
		finally {
			this.monitor.unlock();
		}
	}

}
