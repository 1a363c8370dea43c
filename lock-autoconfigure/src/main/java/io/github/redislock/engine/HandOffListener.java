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

	/** The ticket of the latest attempt; guarded by this. */
	private long ticket;

	/** The hand-off to the latest attempt, if any; guarded by this. */
	private LockStore.@Nullable HandOff handOff;

	HandOffListener(String ownerToken, Semaphore wakeUps) {
		this.ownerToken = ownerToken;
		this.wakeUps = wakeUps;
	}

	/**
	 * Start listening for a hand-off to a new attempt, forgetting any to earlier ones.
	 * @param ticket the ticket of the attempt
	 */
	synchronized void expect(long ticket) {
		this.ticket = ticket;
		this.handOff = null;
	}

	/**
	 * Return the hand-off of the lock to the latest attempt.
	 * @return the hand-off, or {@code null} if the lock was not handed to it
	 */
	synchronized LockStore.@Nullable HandOff handOff() {
		return this.handOff;
	}

	@Override
	public void released(LockStore.@Nullable HandOff handOff) {
		if (handOff == null || record(handOff)) {
			this.wakeUps.release();
		}
	}

	private synchronized boolean record(LockStore.HandOff handOff) {
		if (handOff.ticket() != this.ticket || !handOff.ownerToken().equals(this.ownerToken)) {
			return false;
		}
		this.handOff = handOff;
		return true;
	}

}
