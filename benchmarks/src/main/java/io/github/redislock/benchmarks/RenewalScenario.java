// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.redislock.core.DistributedLock;

/**
 * Scenario e: the cost of keeping many locks alive. One thread acquires N locks with a
 * short lease that each library renews on its own (every third of the lease for all
 * three), waits one and a half renewal periods, then counts over a window the commands
 * Redis executes, its socket reads (round trips: a pipelined batch arriving together is
 * one), the script calls, the CPU this JVM uses and the threads that used it. At the end
 * it checks that every lock is still held.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RenewalScenario {

	static final List<String> IDS = List.of(OurContender.LOCK_ID, RedissonContender.LOCK_ID,
			RegistryContender.PUB_SUB_ID);

	private final Bench bench;

	private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

	RenewalScenario(Bench bench) {
		this.bench = bench;
	}

	void run() throws Exception {
		Duration lease = this.bench.settings.renewalLease();
		int port = this.bench.server.port();
		Map<String, Holder> holders = new HashMap<>();
		try {
			for (String id : IDS) {
				if (this.bench.settings.contenders().contains(id)) {
					holders.put(id, holder(id, port, lease));
				}
			}
			for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
				for (String id : this.bench.settings.order(rep)) {
					Holder holder = holders.get(id);
					if (holder == null) {
						continue;
					}
					for (int size : this.bench.settings.renewalSizes()) {
						measure(holder, id, size, "e:" + rep + ":" + size);
					}
				}
			}
		}
		finally {
			for (Holder holder : holders.values()) {
				holder.close();
			}
		}
	}

	private void measure(Holder holder, String id, int size, String prefix) throws Exception {
		String scenario = "e" + size;
		List<String> keys = new ArrayList<>(size);
		for (int i = 0; i < size; i++) {
			keys.add(prefix + ":" + i);
		}
		for (String key : keys) {
			holder.acquire(key);
		}
		try {
			Duration window = this.bench.settings.renewalWindow();
			long period = this.bench.settings.renewalLease().toNanos() / 3;
			// One and a half periods first, so that every lock has been renewed once and
			// the window starts between two rounds of renewal: its count is the steady
			// state.
			Thread.sleep(TimeUnit.NANOSECONDS.toMillis(period * 3 / 2));
			Map<Long, Long> cpuBefore = threadCpu();
			long processBefore = Bench.processCpuNanos();
			BenchServer.Snapshot before = this.bench.server.snapshot();
			long start = System.nanoTime();
			Thread.sleep(window.toMillis());
			BenchServer.Snapshot after = this.bench.server.snapshot();
			long elapsed = System.nanoTime() - start;
			long process = Bench.processCpuNanos() - processBefore;
			Map<String, Long> busy = busyThreads(cpuBefore, threadCpu(), elapsed);
			long held = held(holder, keys);
			double periods = (double) elapsed / period;
			long scripts = after.calls("eval") + after.calls("evalsha") - before.calls("eval")
					- before.calls("evalsha");
			this.bench.results.add(scenario, id, "cmdsPerSec", after.commandsSince(before) * 1e9 / elapsed);
			this.bench.results.add(scenario, id, "rtPerPeriod", after.readsSince(before) / periods);
			this.bench.results.add(scenario, id, "scriptsPerPeriod", scripts / periods);
			this.bench.results.add(scenario, id, "bytesPerRenewal",
					(after.inputBytes() - before.inputBytes()) / periods / size);
			this.bench.results.add(scenario, id, "serverMsPerPeriod",
					(after.cpuSeconds() - before.cpuSeconds()) * 1e3 / periods);
			this.bench.results.add(scenario, id, "clientMsPerPeriod", process / 1e6 / periods);
			this.bench.results.add(scenario, id, "cpu", process * 100.0 / elapsed);
			this.bench.results.add(scenario, id, "busyThreads", busy.size());
			this.bench.results.add(scenario, id, "held", (double) held / size);
			this.bench.results.text(scenario, id, "threads", busy.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + " " + Measurements.format(entry.getValue() * 100.0 / elapsed) + "%")
				.collect(Collectors.joining(", ")));
			if (held != size) {
				this.bench.results.note(scenario + ": " + id + " held only " + held + " of " + size + " locks after "
						+ window.toMillis() + " ms of renewal");
			}
		}
		finally {
			for (String key : keys) {
				try {
					holder.release(key);
				}
				catch (RuntimeException ex) {
					// lost lease: already noted by the held count
				}
			}
		}
	}

	private long held(Holder holder, List<String> keys) {
		long held = 0;
		for (int from = 0; from < keys.size(); from += 500) {
			String[] chunk = keys.subList(from, Math.min(keys.size(), from + 500))
				.stream()
				.map(holder::redisKey)
				.toArray(String[]::new);
			held += this.bench.server.commands().exists(chunk);
		}
		return held;
	}

	private Map<Long, Long> threadCpu() {
		Map<Long, Long> cpu = new HashMap<>();
		for (long id : this.threads.getAllThreadIds()) {
			cpu.put(id, this.threads.getThreadCpuTime(id));
		}
		return cpu;
	}

	/** Threads that used more than 1% of one core during the window, by name group. */
	private Map<String, Long> busyThreads(Map<Long, Long> before, Map<Long, Long> after, long elapsed) {
		Map<String, Long> busy = new TreeMap<>();
		after.forEach((id, cpu) -> {
			long used = cpu - before.getOrDefault(id, 0L);
			ThreadInfo info = this.threads.getThreadInfo(id);
			if (info != null && used > elapsed / 100) {
				busy.merge(info.getThreadName(), used, Long::sum);
			}
		});
		return busy;
	}

	private static Holder holder(String id, int port, Duration lease) {
		return switch (id) {
			case OurContender.LOCK_ID -> {
				OurContender ours = new OurContender(port, OurContender.LOCK_ID);
				yield new Holder((key) -> {
					DistributedLock lock = ours.client().getLock(key);
					if (!lock.tryLock(Contender.MAX_WAIT, lease, true)) {
						throw new IllegalStateException("Not acquired: " + key);
					}
				}, (key) -> ours.client().getLock(key).unlock(), ours::redisKey, ours);
			}
			case RedissonContender.LOCK_ID -> {
				RedissonContender redisson = new RedissonContender(port, false, lease);
				yield new Holder((key) -> redisson.lock(key).lock(), (key) -> redisson.lock(key).unlock(),
						(key) -> redisson.lock(key).getName(), redisson);
			}
			case RegistryContender.PUB_SUB_ID -> {
				RegistryContender registry = new RegistryContender(port, true, lease, true);
				yield new Holder((key) -> registry.lock(key).lock(), (key) -> registry.lock(key).unlock(),
						(key) -> "bench:" + RegistryContender.PUB_SUB_ID + ":" + key, registry);
			}
			default -> throw new IllegalArgumentException(id);
		};
	}

	/**
	 * How one library holds many locks in one thread.
	 */
	private record Holder(Acquire acquire, Consumer<String> release, Function<String, String> redisKey,
			Contender contender) implements AutoCloseable {

		void acquire(String key) throws Exception {
			this.acquire.acquire(key);
		}

		void release(String key) {
			this.release.accept(key);
		}

		String redisKey(String key) {
			return this.redisKey.apply(key);
		}

		@Override
		public void close() throws Exception {
			this.contender.close();
		}

	}

	@FunctionalInterface
	private interface Acquire {

		void acquire(String key) throws Exception;

	}

}
