// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import io.github.redislock.sample.RunningSample;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances of the sample on one Redis, both scheduling the sales report every 2 s:
 * each tick is reported by exactly one of them, and the other counts the tick as skipped
 * because it ran elsewhere.
 *
 * @author redis-lock contributors
 */
@Timeout(180)
class SalesReportRunsOncePerTickOnTwoInstancesTests {

	private static final long PERIOD_MILLIS = 2000;

	private static final int TICKS = 4;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void eachTickIsReportedByOneInstanceAndSkippedByTheOther() {
		RedisNode node = redis.standalone();
		Queue<String> runs = new ConcurrentLinkedQueue<>();
		List<RunningSample> instances = new ArrayList<>();
		try {
			for (int i = 0; i < 2; i++) {
				RunningSample instance = RunningSample.start("--spring.data.redis.host=" + RedisNode.HOST,
						"--spring.data.redis.port=" + node.port(), "--sample.report.cron=*/2 * * * * *");
				String name = "instance-" + i;
				instance.context()
					.addApplicationListener((ApplicationListener<PayloadApplicationEvent<SalesReport>>) (event) -> runs
						.add(tickOf(System.currentTimeMillis()) + " " + name));
				instances.add(instance);
			}
			long firstTick = tickOf(System.currentTimeMillis()) + 1;
			long lastTick = firstTick + TICKS - 1;
			await().atMost(Duration.ofMillis((TICKS + 10) * PERIOD_MILLIS))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> tickOf(System.currentTimeMillis()) > lastTick + 1);

			Map<Long, List<String>> reported = runs.stream()
				.map((run) -> run.split(" "))
				.filter((run) -> Long.parseLong(run[0]) >= firstTick && Long.parseLong(run[0]) <= lastTick)
				.collect(Collectors.groupingBy((run) -> Long.parseLong(run[0]), TreeMap::new,
						Collectors.mapping((run) -> run[1], Collectors.toList())));
			assertThat(reported.keySet()).as("ticks reported, of %s", runs).hasSize(TICKS);
			assertThat(reported).as("instances that reported each tick")
				.allSatisfy((tick, by) -> assertThat(by).hasSize(1));
			double skipped = instances.stream()
				.mapToDouble(SalesReportRunsOncePerTickOnTwoInstancesTests::ranElsewhere)
				.sum();
			assertThat(skipped).as("ticks skipped because the other instance ran them").isGreaterThanOrEqualTo(TICKS);
		}
		finally {
			instances.forEach(RunningSample::close);
		}
	}

	/** The tick a run belongs to: it starts a few milliseconds after the nominal time. */
	private static long tickOf(long millis) {
		return Math.round((double) millis / PERIOD_MILLIS);
	}

	private static double ranElsewhere(RunningSample instance) {
		Counter skips = instance.context()
			.getBean(MeterRegistry.class)
			.find("redis.lock.job.skips")
			.tag("reason", "ran-elsewhere")
			.counter();
		return (skips != null) ? skips.count() : 0;
	}

}
