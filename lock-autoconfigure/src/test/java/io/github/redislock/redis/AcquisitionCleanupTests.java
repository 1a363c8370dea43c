// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.LockClientProbe;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An acquisition that fails after the store granted it the lock gives the lock back
 * before the exception leaves, rather than leaving a key that nobody will release.
 *
 * @author redis-lock contributors
 */
class AcquisitionCleanupTests extends RedisLockTestSupport {

	@Test
	void aThreadThatFailsToExtendTheLeaseItWasHandedReleasesTheLock() throws Exception {
		LockClientInstance instance = instance().maxLocalHandoffs(1).storeDecorator(FailingRenewal::new).start();
		DistributedLock lock = instance.client.getLock("handed-over");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false)).isTrue();
		CompletableFuture<Throwable> outcome = new CompletableFuture<>();
		Thread next = new Thread(() -> {
			try {
				// Asks for a longer lease than the one it takes over: extending it fails.
				instance.client.getLock("handed-over").tryLock(Duration.ofSeconds(10), Duration.ofSeconds(30), false);
				outcome.complete(null);
			}
			catch (Throwable ex) {
				outcome.complete(ex);
			}
		});
		next.start();
		awaitBlocked(next);
		lock.unlock();
		assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(LockStoreException.class)
			.hasMessageContaining("handed-over");
		assertThat(lockKeys()).as("keys right after the failure").isEmpty();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	/**
	 * A store whose lease extensions fail, as when the reply of one is lost.
	 */
	private static final class FailingRenewal extends DelegatingLockStore {

		FailingRenewal(LockStore delegate) {
			super(delegate);
		}

		@Override
		public boolean renew(String name, String ownerToken, Duration leaseTime) {
			throw new IllegalStateException("renewal of lock '" + name + "' failed");
		}

	}

}
