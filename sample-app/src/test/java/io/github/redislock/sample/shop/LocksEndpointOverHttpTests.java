// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.time.Duration;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockOperations;
import io.github.redislock.sample.RunningSample;
import io.github.redislock.sample.RunningSample.Response;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The sample exposes the {@code locks} endpoint as its configuration says: over HTTP it
 * shows the lock a user's purchase holds with the name masked, and refuses a
 * {@code DELETE} with the lock left held in Redis; only with
 * {@code management.endpoint.locks.access=unrestricted} does the {@code DELETE} release
 * it.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
class LocksEndpointOverHttpTests {

	private static final String NAME = "order:9:mallory";

	private static final String KEY = "flash-sale:lock:{" + NAME + "}";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode node;

	@BeforeAll
	static void startRedis() {
		node = redis.standalone();
	}

	@Test
	void theExposedEndpointShowsMaskedNamesAndRefusesTheRelease() {
		try (RunningSample app = start()) {
			StringRedisTemplate redisTemplate = app.context().getBean(StringRedisTemplate.class);
			try (AcquiredLock held = hold(app)) {
				Response locks = app.get("/actuator/locks");
				assertThat(locks.status()).isEqualTo(200);
				assertThat(locks.json().path("held").path(0).path("name").asText()).isEqualTo("******");
				assertThat(locks.json().path("held").path(0).path("key").asText()).isEqualTo("******");
				assertThat(locks.body()).doesNotContain("mallory");

				Response release = app.delete("/actuator/locks/" + NAME);

				// Boot maps no handler for an operation the access leaves out.
				assertThat(release.status()).as(release.body()).isEqualTo(404);
				assertThat(release.body()).doesNotContain("\"released\"");
				assertThat(redisTemplate.hasKey(KEY)).as("the lock is still held in Redis").isTrue();
			}
			assertThat(redisTemplate.hasKey(KEY)).isFalse();
		}
	}

	@Test
	void withUnrestrictedAccessTheDeleteReleasesTheLock() {
		try (RunningSample app = start("--management.endpoint.locks.access=unrestricted")) {
			StringRedisTemplate redisTemplate = app.context().getBean(StringRedisTemplate.class);
			AcquiredLock held = hold(app);

			Response release = app.delete("/actuator/locks/" + NAME);

			assertThat(release.status()).as(release.body()).isEqualTo(200);
			assertThat(release.json().path("released").asBoolean()).isTrue();
			assertThat(redisTemplate.hasKey(KEY)).isFalse();
			assertThatExceptionOfType(LockLostException.class).isThrownBy(held::close);
		}
	}

	/** Without the sales report, whose lock would show up next to the purchase's. */
	private static RunningSample start(String... more) {
		String[] args = new String[more.length + 3];
		args[0] = "--spring.data.redis.host=" + RedisNode.HOST;
		args[1] = "--spring.data.redis.port=" + node.port();
		args[2] = "--sample.report.cron=-";
		System.arraycopy(more, 0, args, 3, more.length);
		return RunningSample.start(args);
	}

	private static AcquiredLock hold(RunningSample app) {
		return app.context()
			.getBean(LockOperations.class)
			.tryAcquire(new LockDefinition(NAME, Duration.ofSeconds(30), Duration.ZERO, false))
			.orElseThrow();
	}

}
