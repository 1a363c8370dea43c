// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

import org.HdrHistogram.Histogram;

/**
 * Threads that lock and unlock in a loop from a common start instant for a fixed time,
 * each loop also bounded in count. Used uncontended (one key per thread) and on one hot
 * key with a counter increment as the critical section.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockLoop {

	/**
	 * The most operations one thread performs, whatever the duration.
	 */
	static final int MAX_OPS_PER_THREAD = 400_000;

	private LockLoop() {
	}

	/**
	 * Run the loop.
	 * @param contender the lock under test
	 * @param threads the number of threads
	 * @param keyOfThread the lock name each thread uses
	 * @param section the critical section
	 * @param startAt {@link System#nanoTime()} at which all threads start; the clock is
	 * shared by the JVMs of one machine
	 * @param duration how long to loop
	 * @return the outcome
	 */
	static Result run(Contender contender, int threads, IntFunction<String> keyOfThread, Runnable section, long startAt,
			Duration duration) throws InterruptedException {
		long end = startAt + duration.toNanos();
		Histogram[] latencies = new Histogram[threads];
		long[] longest = new long[threads];
		int[] counts = new int[threads];
		long[] finishedAt = new long[threads];
		AtomicReference<Exception> failure = new AtomicReference<>();
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int index = t;
			String key = keyOfThread.apply(t);
			Thread worker = new Thread(() -> {
				Histogram samples = Stats.latencies();
				long max = 0;
				int n = 0;
				try {
					sleepUntil(startAt);
					while (n < MAX_OPS_PER_THREAD && System.nanoTime() - end < 0) {
						long begin = System.nanoTime();
						contender.locked(key, section);
						long latency = System.nanoTime() - begin;
						samples.recordValue(latency);
						max = Math.max(max, latency);
						n++;
					}
				}
				catch (Exception ex) {
					failure.compareAndSet(null, ex);
				}
				finishedAt[index] = System.nanoTime();
				latencies[index] = samples;
				longest[index] = max;
				counts[index] = n;
			}, "bench-" + contender.id() + "-" + t);
			worker.setDaemon(true);
			workers.add(worker);
			worker.start();
		}
		long joinDeadline = end + Contender.MAX_WAIT.toNanos() + TimeUnit.SECONDS.toNanos(5);
		for (Thread worker : workers) {
			worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(joinDeadline - System.nanoTime())));
			if (worker.isAlive()) {
				failure.compareAndSet(null, new IllegalStateException(worker.getName() + " is stuck in a lock call"));
			}
		}
		Histogram all = Stats.latencies();
		long max = 0;
		for (int t = 0; t < threads; t++) {
			// A thread still stuck in a lock call is left out; its failure is reported.
			// isAlive() returning false makes what a finished thread wrote visible here.
			if (!workers.get(t).isAlive() && latencies[t] != null) {
				all.add(latencies[t]);
				max = Math.max(max, longest[t]);
			}
		}
		return new Result(startAt, all, max, counts, finishedAt, failure.get());
	}

	static void sleepUntil(long nanoTime) throws InterruptedException {
		long remaining;
		while ((remaining = nanoTime - System.nanoTime()) > 0) {
			if (remaining > 2_000_000) {
				Thread.sleep(1);
			}
			else {
				Thread.onSpinWait();
			}
		}
	}

	/**
	 * The outcome of a loop.
	 *
	 * @param startAt when the threads started
	 * @param latencies every thread's lock+section+unlock times in nanoseconds
	 * @param maxLatency the longest of them, exact (the histogram rounds it up within
	 * 0.1%)
	 * @param counts how many operations each thread completed
	 * @param finishedAt when each thread stopped
	 * @param failure the first failure, if any
	 */
	record Result(long startAt, Histogram latencies, long maxLatency, int[] counts, long[] finishedAt,
			Exception failure) {

		long total() {
			long total = 0;
			for (int count : this.counts) {
				total += count;
			}
			return total;
		}

		double perSecond() {
			long last = this.startAt;
			for (long finished : this.finishedAt) {
				last = Math.max(last, finished);
			}
			return total() * 1e9 / Math.max(1, last - this.startAt);
		}

		/**
		 * Return the slowest thread's count over the fastest thread's.
		 * @return the fairness, 1 when all threads did the same
		 */
		double fairness() {
			int min = Integer.MAX_VALUE;
			int max = 0;
			for (int count : this.counts) {
				min = Math.min(min, count);
				max = Math.max(max, count);
			}
			return (max == 0) ? 0 : (double) min / max;
		}

		/**
		 * Return a latency percentile over all threads' operations.
		 * @param percentile between 0 and 100
		 * @return the percentile in nanoseconds
		 */
		double latencyPercentile(double percentile) {
			return Stats.percentile(this.latencies, percentile);
		}

	}

}
