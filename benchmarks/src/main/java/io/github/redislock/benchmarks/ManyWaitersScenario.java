// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Scenario v: many callers of one instance wait for one hot key at once, each taking it
 * once for a GET+SET of a counter: ten thousand virtual threads on the blocking lock, and
 * {@code Mono}s on {@link ReactiveContender}'s leases, which hold no thread while they
 * wait. While all wait behind a holder, the heap per waiting caller is measured (after a
 * GC; a virtual thread's stack lives in the heap while it is parked); then the holder
 * lets go and the time and process CPU until the last caller is served give critical
 * sections per second and CPU per critical section. Needs Java 21 for virtual threads;
 * the reactive row runs on any Java.
 * <p>
 * Reactive callers queue in Redis, each a holder of its own, and {@code release.lua}
 * reads the whole queue on every release: their count is smaller by default
 * ({@code bench.reactive-waiters}), or the run would measure that queue.
 *
 * @author redis-lock contributors
 */
final class ManyWaitersScenario {

	static final String VIRTUAL_ID = "ours-virtual-threads";

	private static final Duration DRAIN_LIMIT = Duration.ofMinutes(5);

	private final Bench bench;

	private final int virtualWaiters = Integer.getInteger("bench.waiters", 10_000);

	private final int reactiveWaiters = Integer.getInteger("bench.reactive-waiters", 1_000);

	ManyWaitersScenario(Bench bench) {
		this.bench = bench;
	}

	void run() throws Exception {
		boolean virtualThreads = Runtime.version().feature() >= 21;
		if (!virtualThreads) {
			this.bench.results.note("v: " + VIRTUAL_ID + " skipped: virtual threads need Java 21, this is "
					+ Runtime.version().feature());
		}
		int port = this.bench.server.port();
		try (OurContender ours = new OurContender(port, OurContender.LOCK_ID);
				ReactiveContender reactive = new ReactiveContender(port)) {
			for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
				if (virtualThreads) {
					measure(VIRTUAL_ID, rep, this.virtualWaiters, ours.client(),
							(key, counterKey, served) -> virtualThreads(ours.client(), key, counterKey, served));
				}
				measure(ReactiveContender.ID, rep, this.reactiveWaiters, reactive.client(),
						(key, counterKey, served) -> monos(reactive, key, counterKey, served));
			}
		}
	}

	private void measure(String id, int rep, int callers, DefaultLockClient client, Callers start) throws Exception {
		String key = "v:" + rep + ":" + id;
		String counterKey = "counter:" + key;
		DistributedLock holder = client.getLock(key);
		holder.lock();
		long heapBefore = usedHeapAfterGc();
		CountDownLatch served = new CountDownLatch(callers);
		AutoCloseable running = start.start(key, counterKey, served);
		try {
			long deadline = System.nanoTime() + DRAIN_LIMIT.toNanos();
			IntSupplier waiting = () -> client.waits()
				.stream()
				.filter((wait) -> wait.name().equals(key))
				.mapToInt(WaiterView::waitingThreads)
				.sum();
			while (waiting.getAsInt() < callers && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			long heapWaiting = usedHeapAfterGc();
			long cpuBefore = Bench.processCpuNanos();
			long started = System.nanoTime();
			holder.unlock();
			boolean drained = served.await(DRAIN_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
			long elapsed = System.nanoTime() - started;
			long cpu = Bench.processCpuNanos() - cpuBefore;
			long counted = this.bench.counter.value(counterKey);
			if (!drained || counted != callers) {
				this.bench.results.note("v: " + id + " rep " + rep + ": " + (callers - served.getCount()) + " of "
						+ callers + " served, counter " + counted
						+ (drained ? "" : " (gave up after " + DRAIN_LIMIT.toMinutes() + " min)"));
			}
			this.bench.results.add("v", id, "callers", callers);
			this.bench.results.add("v", id, "ops", callers * 1e9 / elapsed);
			this.bench.results.add("v", id, "cpuUs", cpu / 1e3 / callers);
			this.bench.results.add("v", id, "heapPerWaiter", (double) (heapWaiting - heapBefore) / callers);
			this.bench.results.add("v", id, "exact", (counted == callers) ? 1 : 0);
		}
		finally {
			running.close();
		}
	}

	private AutoCloseable virtualThreads(DefaultLockClient client, String key, String counterKey, CountDownLatch served)
			throws Exception {
		ExecutorService threads = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
			.invoke(null);
		Runnable section = this.bench.counter.increment(counterKey);
		AtomicInteger failed = new AtomicInteger();
		for (int i = 0; i < served.getCount(); i++) {
			threads.execute(() -> {
				DistributedLock lock = client.getLock(key);
				try {
					if (lock.tryLock(DRAIN_LIMIT, Contender.LEASE, true)) {
						Contender.runHolding(lock, section);
						served.countDown();
					}
				}
				catch (InterruptedException ex) {
					failed.incrementAndGet();
				}
			});
		}
		return threads::shutdownNow;
	}

	private AutoCloseable monos(ReactiveContender reactive, String key, String counterKey, CountDownLatch served) {
		Runnable section = this.bench.counter.increment(counterKey);
		// The section blocks on its own Redis connection: off the lock client's threads.
		Mono<Void> blocking = Mono.<Void>fromRunnable(section).subscribeOn(Schedulers.boundedElastic());
		long count = served.getCount();
		for (int i = 0; i < count; i++) {
			reactive.locked(key, blocking).subscribe(null, (ex) -> {
			}, served::countDown);
		}
		return () -> {
		};
	}

	private static long usedHeapAfterGc() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

	@FunctionalInterface
	private interface Callers {

		AutoCloseable start(String key, String counterKey, CountDownLatch served) throws Exception;

	}

}
