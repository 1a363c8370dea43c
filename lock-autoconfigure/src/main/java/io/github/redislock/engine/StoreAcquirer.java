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

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockStoreException;

/**
 * Takes a lock in the store for the thread at the head of the local queue, which only
 * that thread asks the store for: one {@link StoreWait} per acquisition, and the hold it
 * brings recorded in the lock's state, renewed if asked.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class StoreAcquirer {

	private final GuardedStore store;

	private final OwnerTokens owners;

	private final LockBackoff backoff;

	private final LeaseKeeper leases;

	StoreAcquirer(GuardedStore store, OwnerTokens owners, LockBackoff backoff, LeaseKeeper leases) {
		this.store = store;
		this.owners = owners;
		this.backoff = backoff;
		this.leases = leases;
	}

	/**
	 * Take the lock in the store, waiting until the deadline. Called holding the local
	 * lock.
	 * @param state the state of the lock
	 * @param deadline when to give up
	 * @param leaseTime the lease to ask for
	 * @param renew whether the lease is to be renewed while held
	 * @return whether the current thread holds the lock now
	 * @throws InterruptedException if the thread was interrupted
	 * @throws LockStoreException if the store failed
	 * @throws LockClientClosedException if the client stopped meanwhile
	 */
	boolean acquire(LockState state, long deadline, Duration leaseTime, boolean renew) throws InterruptedException {
		try (StoreWait wait = new StoreWait(this.store, this.owners, this.backoff, state, leaseTime, renew, deadline)) {
			LockHold hold = wait.acquire();
			if (hold == null) {
				return false;
			}
			record(state, hold, renew);
			wait.recorded();
			return true;
		}
	}

	/**
	 * Make the hold the state's, and renew it if asked. A hold whose renewal could not
	 * start is taken back, so that the wait gives the lock back as it closes.
	 */
	private void record(LockState state, LockHold hold, boolean renew) {
		state.hold = hold;
		if (renew) {
			try {
				this.leases.startRenewing(hold);
			}
			catch (RuntimeException | Error ex) {
				state.hold = null;
				this.leases.stopRenewing(hold);
				throw ex;
			}
		}
	}

}
