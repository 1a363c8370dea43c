// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.engine.LockClientProbe;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Base of the engine tests: one real {@code redis-server} per test class, application
 * instances started against it, and a check after every test that nothing is left behind:
 * no lock keys, no subscribed channels and no renewal tasks.
 *
 * @author redis-lock contributors
 */
abstract class RedisLockTestSupport {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private final List<LockClientInstance> instances = new ArrayList<>();

	@BeforeAll
	static void startServer() {
		server = redis.standalone();
	}

	static RedisNode server() {
		return server;
	}

	LockClientInstance.Builder instance() {
		return LockClientInstance.on(server.port()).onStart(this.instances::add);
	}

	@AfterEach
	void nothingIsLeftBehind() {
		try {
			for (LockClientInstance instance : this.instances) {
				assertThat(LockClientProbe.renewalCount(instance.client)).as("renewal tasks").isZero();
			}
			await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
				assertThat(subscribedChannels()).as("subscribed channels").isEmpty();
				assertThat(lockKeys()).as("lock keys").isEmpty();
			});
		}
		finally {
			this.instances.forEach(LockClientInstance::close);
			this.instances.clear();
		}
	}

	/**
	 * Wait until the thread blocks: parked on a lock or on a pending Redis reply.
	 */
	static void awaitBlocked(Thread thread) {
		await().atMost(Duration.ofSeconds(10))
			.until(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING);
	}

	static List<String> lockKeys() {
		return strings(server.command("KEYS", "lock:*")).stream()
			.filter((key) -> !key.endsWith(":fence-counter") && !key.endsWith(":released-by"))
			.toList();
	}

	static List<String> subscribedChannels() {
		return strings(server.command("PUBSUB", "CHANNELS", "lock:*"));
	}

	static long commandCount(String command) {
		String stats = server.info("commandstats").get("cmdstat_" + command);
		if (stats == null) {
			return 0;
		}
		String calls = stats.split(",")[0];
		return Long.parseLong(calls.substring(calls.indexOf('=') + 1));
	}

	private static List<String> strings(Object reply) {
		List<String> result = new ArrayList<>();
		if (reply instanceof List<?> list) {
			list.forEach((item) -> result.add(String.valueOf(item)));
		}
		return result;
	}

}
