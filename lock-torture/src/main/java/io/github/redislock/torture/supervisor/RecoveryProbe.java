// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockStore;
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;

/**
 * Checks that every lock can be acquired again soon after a fault healed: a lock client
 * of the supervisor's own, connected straight to the lock Redis (the proxy's faults do
 * not reach it), takes each lock once, as a holder the oracle watches like any other.
 *
 * @author redis-lock contributors
 */
final class RecoveryProbe implements AutoCloseable {

	/**
	 * How soon after a fault heals every lock must be acquirable: a lease and a second.
	 */
	static final Duration RECOVERY_BUDGET = Duration.ofMillis(TortureTimings.LEASE_MS + 1000);

	private final LettuceConnectionFactory connectionFactory;

	private final StringRedisTemplate redis;

	private final LockKeys keys = new LockKeys("lock:");

	private final LockStore store;

	private final DefaultLockClient client;

	private final Oracle oracle;

	private final List<String> locks;

	private final FencedTable table;

	private final ExecutorService executor;

	private final AtomicLong sections = new AtomicLong();

	private final List<String> lateAcquisitions = new ArrayList<>();

	private final List<String> unrecovered = new ArrayList<>();

	private final List<String> outrun = new ArrayList<>();

	RecoveryProbe(LettuceConnectionFactory connectionFactory, LockStore store, Oracle oracle, FencedTable table,
			List<String> locks) {
		this.table = table;
		this.connectionFactory = connectionFactory;
		this.redis = new StringRedisTemplate(this.connectionFactory);
		this.store = store;
		this.client = new DefaultLockClient(this.store);
		this.client.start();
		this.oracle = oracle;
		this.locks = locks;
		this.executor = Executors.newFixedThreadPool(locks.size(), (task) -> {
			Thread thread = new Thread(task, "torture-probe");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Acquire every lock once, all at once, each within what is left of the recovery
	 * budget since the fault healed.
	 * @param healedAt {@link System#nanoTime()} when the fault healed
	 * @param after what healed, for the record of a lock not acquired
	 * @return how long after the heal the slowest lock was acquired, in milliseconds, or
	 * {@code -1} if one was not acquired within the budget
	 */
	long acquireAll(long healedAt, String after) {
		return acquireAll(healedAt, after, Duration.ZERO);
	}

	/**
	 * Acquire every lock once, all at once, each within what is left of the recovery
	 * budget and the given allowance since the fault healed.
	 * @param healedAt {@link System#nanoTime()} when the fault healed
	 * @param after what healed, for the record of a lock not acquired
	 * @param allowance added to the budget, for a fault that lengthens leases
	 * @return how long after the heal the slowest lock was acquired, in milliseconds, or
	 * {@code -1} if one was not acquired within the budget
	 */
	long acquireAll(long healedAt, String after, Duration allowance) {
		Duration budget = RECOVERY_BUDGET.plus(allowance);
		List<CompletableFuture<Long>> acquisitions = this.locks.stream()
			.map((lock) -> CompletableFuture.supplyAsync(() -> acquire(lock, healedAt, after, budget), this.executor))
			.toList();
		long slowest = 0;
		for (CompletableFuture<Long> acquisition : acquisitions) {
			long millis = acquisition.join();
			slowest = (millis < 0 || slowest < 0) ? -1 : Math.max(slowest, millis);
		}
		return slowest;
	}

	private long acquire(String name, long healedAt, String after, Duration budget) {
		long deadline = healedAt + budget.toNanos();
		DistributedLock lock = this.client.getLock(name);
		long start = System.nanoTime();
		long writesBefore = this.oracle.counterAndWrites(name)[1];
		long askedAt = this.oracle.sequence();
		String lastError = "busy";
		try {
			while (System.nanoTime() < deadline) {
				Duration wait = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
				boolean acquired;
				try {
					acquired = lock.tryLock(wait, Duration.ofMillis(TortureTimings.LEASE_MS), false);
				}
				catch (LockException ex) {
					// The store is still reconnecting: try again within the budget.
					lastError = ex.getMessage();
					acquired = false;
				}
				checkWait(name, start, wait);
				if (acquired) {
					long acquiredAt = System.nanoTime();
					try {
						String holder = "probe/" + name + "/" + this.sections.incrementAndGet();
						long token = lock.getFencingToken();
						long newer = this.oracle.enter(name, holder, token, askedAt);
						this.table.enter(name, holder, token);
						if (newer != 0) {
							lock.raiseFencingTokensAbove(newer);
						}
						this.oracle.exit(name, holder, true);
						lock.unlock();
						return TimeUnit.NANOSECONDS.toMillis(acquiredAt - healedAt);
					}
					catch (LockException ex) {
						// Acquired, but the store failed before the lock was used: the
						// lock
						// is not usable yet, so try again within the budget.
						lastError = ex.getMessage();
						if (lock.isHeldByCurrentThread()) {
							unlockQuietly(lock);
						}
					}
				}
				start = System.nanoTime();
			}
			long writesAfter = this.oracle.counterAndWrites(name)[1];
			if (!this.store.queuesWaiters() && writesAfter > writesBefore) {
				// A store that queues no one promises no waiter its turn: the lock is not
				// stuck if others completed sections under it meanwhile.
				synchronized (this.lateAcquisitions) {
					this.outrun.add(name + " taken " + (writesAfter - writesBefore) + " times by others within "
							+ budget.toMillis() + " ms after " + after + ", never by the probe");
				}
				// Not timed: the probe's own recovery is what the slowest one reports.
				return 0;
			}
			synchronized (this.lateAcquisitions) {
				this.unrecovered.add(name + " not acquired within " + budget.toMillis() + " ms after " + after + " ("
						+ lastError + "; " + describe(name) + ")");
			}
			return -1;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
		catch (LockException ex) {
			return -1;
		}
	}

	/**
	 * Describe who holds a lock now, and who waits, as Redis sees it.
	 */
	private String describe(String name) {
		try {
			String key = this.keys.lockKey(name);
			return "holder " + this.redis.opsForValue().get(key) + " for "
					+ this.redis.getExpire(key, TimeUnit.MILLISECONDS) + " ms more, waiters "
					+ this.redis.opsForHash().entries(this.keys.waitersKey(name));
		}
		catch (RuntimeException ex) {
			return "Redis unreadable: " + ex.getMessage();
		}
	}

	private static void unlockQuietly(DistributedLock lock) {
		try {
			lock.unlock();
		}
		catch (LockException ex) {
			// Released or lost either way.
		}
	}

	private void checkWait(String name, long start, Duration wait) {
		long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		if (elapsed > wait.toMillis() + TortureTimings.COMMAND_TIMEOUT_MS) {
			synchronized (this.lateAcquisitions) {
				this.lateAcquisitions.add(name + " waited " + elapsed + " ms for a wait of " + wait.toMillis() + " ms");
			}
		}
	}

	/**
	 * Return the probe's own acquisitions that waited past their wait time by more than a
	 * command timeout.
	 * @return one line each
	 */
	List<String> lateAcquisitions() {
		synchronized (this.lateAcquisitions) {
			return List.copyOf(this.lateAcquisitions);
		}
	}

	/**
	 * Return the locks not acquired within the recovery budget, and why.
	 * @return one line each
	 */
	List<String> unrecovered() {
		synchronized (this.lateAcquisitions) {
			return List.copyOf(this.unrecovered);
		}
	}

	/**
	 * Return the locks that a store that queues no waiters never gave the probe within
	 * the recovery budget, although other holders took them meanwhile.
	 * @return one line each
	 */
	List<String> outrun() {
		synchronized (this.lateAcquisitions) {
			return List.copyOf(this.outrun);
		}
	}

	/**
	 * Return how many locks the client still holds or renews, after close.
	 * @return the held locks
	 */
	int heldLocks() {
		return this.client.heldLocks().size();
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
		this.client.stop();
		this.client.close();
		if (this.store instanceof AutoCloseable closeable) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				throw new IllegalStateException("Could not close the probe's lock store", ex);
			}
		}
		this.connectionFactory.destroy();
	}

}
