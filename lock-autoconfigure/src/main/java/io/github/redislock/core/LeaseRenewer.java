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
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Extends the leases of held locks from one daemon thread shared by the whole client, so
 * that holding many locks costs no thread per lock. A lease is renewed every third of its
 * length, leaving two more attempts before it runs out if the store is briefly
 * unreachable.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LeaseRenewer implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseRenewer.class);

	private final LockStore store;

	private final BiConsumer<LockHold, String> lostHandler;

	private final ScheduledExecutorService scheduler;

	LeaseRenewer(LockStore store, BiConsumer<LockHold, String> lostHandler) {
		this.store = store;
		this.lostHandler = lostHandler;
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (runnable) -> {
			Thread thread = new Thread(runnable, "redis-lock-renewal");
			thread.setDaemon(true);
			return thread;
		});
		executor.setRemoveOnCancelPolicy(true);
		executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.scheduler = executor;
	}

	void start(LockHold hold) {
		long period = Math.max(1, hold.leaseTime.toMillis() / 3);
		hold.renewal = this.scheduler.scheduleWithFixedDelay(() -> renew(hold), period, period, TimeUnit.MILLISECONDS);
	}

	int scheduledCount() {
		return ((ScheduledThreadPoolExecutor) this.scheduler).getQueue().size();
	}

	private void renew(LockHold hold) {
		if (hold.released || hold.lost) {
			hold.stopRenewal();
			return;
		}
		if (!hold.owner.isAlive()) {
			logger.warn("Thread '{}' ended while holding lock '{}'; no longer renewing it, so it frees itself "
					+ "when its lease runs out", hold.owner.getName(), hold.name);
			hold.stopRenewal();
			return;
		}
		if (System.nanoTime() - hold.expiresAt >= 0) {
			this.lostHandler.accept(hold, "its lease ran out before it could be renewed");
			return;
		}
		Duration lease = hold.leaseTime;
		long requestedAt = System.nanoTime();
		boolean renewed;
		try {
			renewed = this.store.renew(hold.name, hold.ownerToken, lease);
		}
		catch (RuntimeException ex) {
			logger.debug("Renewal of lock '{}' failed, retrying while the lease lasts", hold.name, ex);
			return;
		}
		if (renewed) {
			hold.extendFrom(requestedAt, lease);
		}
		else if (!hold.released) {
			this.lostHandler.accept(hold, "the store no longer records this holder");
		}
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
	}

}
