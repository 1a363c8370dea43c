// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.testsupport.RedisBinaryLocator;

/**
 * How the cost grows: the curves of {@code docs/benchmarks.md}, section "How cost grows",
 * printed as markdown. Run it with
 * {@code java -jar benchmarks/target/benchmarks.jar growth}; {@code -Dgrowth.curves}
 * (queue, names, instances) narrows the run, {@code -Dgrowth.samples},
 * {@code -Dgrowth.names} and {@code -Dgrowth.instance-ms} size it. The renewal curve is
 * scenario e of {@link BenchmarkMain} with more locks.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class CostGrowthMain {

	static final String COMMAND = "growth";

	private CostGrowthMain() {
	}

	static void main() throws Exception {
		Set<String> curves = Set
			.copyOf(Arrays.asList(System.getProperty("growth.curves", "queue,names,instances").split(",")));
		int samples = Integer.getInteger("growth.samples", 50);
		try (BenchServer server = BenchServer.start(RedisBinaryLocator.locate(), false, 0)) {
			progress("Redis " + server.version() + " on port " + server.port());
			System.out.println("Redis " + server.version() + ", JDK " + System.getProperty("java.runtime.version")
					+ ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
			LettuceConnectionFactory connectionFactory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration(BenchServer.HOST, server.port()));
			connectionFactory.afterPropertiesSet();
			connectionFactory.start();
			RedisLockStore store = new RedisLockStore(new StringRedisTemplate(connectionFactory), QueueGrowth.prefix());
			DefaultLockClient client = new DefaultLockClient(store, Duration.ofSeconds(30), true, LockBackoff.DEFAULT,
					(event) -> System.err.println("Lost: " + event));
			try {
				if (curves.contains("queue")) {
					printQueue(new QueueGrowth(store, server.commands(), samples).run());
				}
				if (curves.contains("names")) {
					NameGrowth names = new NameGrowth(client, server.commands());
					printNames(names.names(Integer.getInteger("growth.names", 1_000_000)), names.held());
				}
				if (curves.contains("instances")) {
					InstanceGrowth growth = new InstanceGrowth(server.port(), server.commands(),
							Long.getLong("growth.warmup-ms", 5_000), Long.getLong("growth.instance-ms", 10_000));
					System.out.println();
					System.out.println(
							"| instances (JVMs) | sections/s | counter exact | smallest share | largest share | fairness |");
					System.out.println("| --- | --- | --- | --- | --- | --- |");
					for (String count : System.getProperty("growth.instances", "2,8,16,32,64").split(",")) {
						InstanceGrowth.Outcome outcome = growth.run(Integer.parseInt(count));
						System.out.println(String.format(Locale.ROOT, "| %d (%d) | %,.0f | %s | %.2f | %.2f | %.3f |",
								outcome.instances(), outcome.jvms(), outcome.perSecond(),
								outcome.exact() ? "yes (" + outcome.counted() + ")"
										: "NO: " + outcome.all() + " sections, counter " + outcome.counted() + " "
												+ outcome.failures(),
								outcome.smallestShare(), outcome.largestShare(), outcome.fairness()));
					}
				}
			}
			finally {
				client.close();
				store.close();
				connectionFactory.destroy();
			}
		}
	}

	private static void printQueue(Map<String, List<Double>> medians) {
		System.out.println();
		System.out.println("| server time per call, median µs | " + QueueGrowth.SIZES.stream()
			.map((size) -> String.format(Locale.ROOT, "%,d queued", size))
			.collect(Collectors.joining(" | ")) + " | 10,000 ÷ 10 |");
		System.out.println("| --- |" + " --- |".repeat(QueueGrowth.SIZES.size() + 1));
		medians.forEach((operation,
				times) -> System.out.println("| " + operation + " | "
						+ times.stream()
							.map((time) -> String.format(Locale.ROOT, "%,.0f", time))
							.collect(Collectors.joining(" | "))
						+ String.format(Locale.ROOT, " | %.1f× |", times.get(times.size() - 1) / times.get(0))));
	}

	private static void printNames(Map<Integer, long[]> kept, double[] held) {
		System.out.println();
		System.out.println("| names used | heap kept | Redis memory kept | Redis keys |");
		System.out.println("| --- | --- | --- | --- |");
		kept.forEach((names, values) -> System.out.println(String.format(Locale.ROOT, "| %,d | %s | %s | %,d |", names,
				bytes(values[0]), bytes(values[1]), values[2])));
		System.out.println();
		System.out.println(String.format(Locale.ROOT,
				"%,d locks held at once: %,.0f bytes of heap and %,.0f bytes of Redis memory per held lock; "
						+ "heap kept once all were released: %s",
				NameGrowth.HELD, held[0], held[1], bytes((long) held[2])));
	}

	private static String bytes(long bytes) {
		return (Math.abs(bytes) < 10_000) ? String.format(Locale.ROOT, "%,d B", bytes)
				: String.format(Locale.ROOT, "%,.1f MB", bytes / 1e6);
	}

	static void progress(String message) {
		System.err.println("[growth] " + message);
	}

}
