// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.Optional;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.torture.TortureTimings;

/**
 * Critical sections run through the programmatic API: on even threads a
 * {@link DistributedLock} from the {@link LockClient}, on odd ones an
 * {@link AcquiredLock} from {@link LockOperations}.
 *
 * @author redis-lock contributors
 */
class ProgrammaticSections implements LockedSections {

	private static final Duration LEASE = Duration.ofMillis(TortureTimings.LEASE_MS);

	private static final Duration WAIT = Duration.ofMillis(TortureTimings.WAIT_MS);

	private final LockClient client;

	private final LockOperations operations;

	private final boolean throughOperations;

	ProgrammaticSections(LockClient client, LockOperations operations, boolean throughOperations) {
		this.client = client;
		this.operations = operations;
		this.throughOperations = throughOperations;
	}

	@Override
	public boolean runLocked(String lock, LockedWork work) throws InterruptedException {
		return this.throughOperations ? throughOperations(lock, work) : throughLock(lock, work);
	}

	private boolean throughLock(String name, LockedWork work) throws InterruptedException {
		DistributedLock lock = this.client.getLock(name);
		if (!lock.tryLock(WAIT, LEASE, true)) {
			return false;
		}
		try {
			work.run(LockedWork.FencingTokenSource.of(lock::getFencingToken, lock::raiseFencingTokensAbove));
		}
		finally {
			lock.unlock();
		}
		return true;
	}

	private boolean throughOperations(String name, LockedWork work) throws InterruptedException {
		Optional<AcquiredLock> acquired = this.operations.tryAcquire(LockDefinition.of(name, LEASE, WAIT));
		if (acquired.isEmpty()) {
			return false;
		}
		try (AcquiredLock lock = acquired.get()) {
			work.run(LockedWork.FencingTokenSource.of(lock::getFencingToken, lock::raiseFencingTokensAbove));
		}
		return true;
	}

}
