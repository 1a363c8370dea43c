// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;

/**
 * One JVM of {@link InstanceGrowth}: several application instances, each with its own
 * connection factory, store and client (so its own owner identity and connections), and
 * one thread that runs the critical section on the hot key as often as it can: a
 * non-atomic read, increment and write of a counter, through the instance's own
 * connection. Prints how many sections each instance ran after the warm-up, and in all.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class InstanceWorker {

	static final String COMMAND = "instance-worker";

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(60);

	private InstanceWorker() {
	}

	/**
	 * Run the instances.
	 * @param args the Redis port, the number of instances, the key, the epoch millisecond
	 * to start at, how many milliseconds to warm up, and how many to measure
	 */
	static void main(String[] args) throws Exception {
		int port = Integer.parseInt(args[0]);
		int instances = Integer.parseInt(args[1]);
		String key = args[2];
		long startAt = Long.parseLong(args[3]);
		long warmupMillis = Long.parseLong(args[4]);
		long runMillis = Long.parseLong(args[5]);
		List<Instance> running = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			running.add(new Instance(port));
		}
		List<Thread> threads = new ArrayList<>();
		for (Instance instance : running) {
			Thread thread = new Thread(() -> instance.run(key, startAt, warmupMillis, runMillis),
					"instance-" + threads.size());
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join(TimeUnit.MINUTES.toMillis(10));
		}
		String counts = running.stream()
			.map((instance) -> instance.measured.get() + "/" + instance.sections.get())
			.collect(Collectors.joining(" "));
		String failures = running.stream()
			.map((instance) -> instance.failure)
			.filter((failure) -> failure != null)
			.collect(Collectors.joining("; "));
		running.forEach(Instance::close);
		System.out.println(ChildJvm.PREFIX + "sections " + counts);
		if (!failures.isEmpty()) {
			System.out.println(ChildJvm.PREFIX + "failed " + failures.replace('\n', ' '));
		}
	}

	private static final class Instance {

		private final LettuceConnectionFactory connectionFactory;

		private final StringRedisTemplate redis;

		private final RedisLockStore store;

		private final DefaultLockClient client;

		/** Every section run, counted by the counter too. */
		private final AtomicLong sections = new AtomicLong();

		/** The sections that ended within the measured window. */
		private final AtomicLong measured = new AtomicLong();

		private volatile String failure;

		Instance(int port) {
			this.connectionFactory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration(BenchServer.HOST, port));
			this.connectionFactory.afterPropertiesSet();
			this.connectionFactory.start();
			this.redis = new StringRedisTemplate(this.connectionFactory);
			this.store = new RedisLockStore(this.redis, "growth:");
			this.client = new DefaultLockClient(this.store, LEASE, true, LockBackoff.DEFAULT, (event) -> {
				this.failure = "lost lease: " + event;
			});
		}

		void run(String key, long startAt, long warmupMillis, long runMillis) {
			try {
				long delay = startAt - System.currentTimeMillis();
				if (delay > 0) {
					Thread.sleep(delay);
				}
				long measureFrom = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(warmupMillis);
				long deadline = measureFrom + TimeUnit.MILLISECONDS.toNanos(runMillis);
				DistributedLock lock = this.client.getLock(key);
				String counter = key + ":counter";
				while (System.nanoTime() < deadline) {
					if (!lock.tryLock(WAIT, LEASE, true)) {
						throw new IllegalStateException("Not acquired within " + WAIT);
					}
					try {
						String value = this.redis.opsForValue().get(counter);
						this.redis.opsForValue()
							.set(counter, Long.toString((value != null) ? Long.parseLong(value) + 1 : 1));
					}
					finally {
						lock.unlock();
					}
					this.sections.incrementAndGet();
					if (System.nanoTime() >= measureFrom) {
						this.measured.incrementAndGet();
					}
				}
			}
			catch (Exception ex) {
				this.failure = String.valueOf(ex);
			}
		}

		void close() {
			this.client.close();
			this.store.close();
			this.connectionFactory.destroy();
		}

	}

}
