// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.github.redislock.store.LockStore;
import io.github.redislock.test.AbstractLockStoreContractTests;
import io.github.redislock.test.RecordedHolder;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The store contract on {@link RedisLockStore}, in one Redis topology per subclass. Time
 * passes for the store as the Redis server's clock says, which the tests wait for.
 *
 * @author redis-lock contributors
 */
public abstract class AbstractRedisLockStoreContractTests extends AbstractLockStoreContractTests {

	/** One connection factory per test class, shared by its tests' stores. */
	private static @Nullable LettuceConnectionFactory connectionFactory;

	private static @Nullable StringRedisTemplate redis;

	/**
	 * Return how an application connects to the topology.
	 * @return the client configuration
	 */
	protected abstract RedisConfiguration redisConfiguration();

	/**
	 * Whether every call shares one native connection, as Spring Boot's factory does;
	 * when not, each call gets a connection of its own, closed once answered.
	 * @return whether the native connection is shared
	 */
	protected boolean shareNativeConnection() {
		return true;
	}

	@Override
	protected LockStore createStore() {
		return new RedisLockStore(redis(), "lock:");
	}

	/**
	 * Wait for the server's clock, the one Redis expires keys and queue places by.
	 */
	@Override
	protected void letPass(Duration time) {
		long until = serverMillis() + time.toMillis();
		await().atMost(time.plusSeconds(5)).pollInterval(Duration.ofMillis(10)).until(() -> serverMillis() > until);
	}

	@Override
	protected Collection<String> locksInUse() {
		return lockKeys().stream()
			.filter((key) -> !key.endsWith(":fence-counter") && !key.endsWith(":released-by"))
			.toList();
	}

	/**
	 * Read the value of the lock key as an operator would: the owner token, a space, and
	 * the holder as JSON.
	 */
	@Override
	protected @Nullable RecordedHolder recordedHolder(String name) {
		String value = redis().opsForValue().get(new RedisLockKeys("lock:").lockKey(name));
		return (value != null) ? HolderRecords.parse(value) : null;
	}

	@Override
	protected void clean(LockStore store) {
		Set<String> keys = lockKeys();
		if (!keys.isEmpty()) {
			redis().delete(keys);
		}
	}

	@Test
	void theSameReleaseRunAgainSaysTheLockWasTheOwnersAndFreesNothing() {
		LockStore store = createStore();
		Duration lease = Duration.ofSeconds(30);
		assertThat(store.tryAcquire("resent", "owner-a", lease).acquired()).isTrue();
		assertThat(store.release("resent", "owner-a")).isTrue();
		assertThat(store.release("resent", "owner-a")).as("run again").isTrue();
		assertThat(store.tryAcquire("resent", "owner-b", lease).acquired()).isTrue();
		assertThat(store.release("resent", "owner-a")).as("run again while another holds it").isTrue();
		assertThat(store.release("resent", "owner-b")).isTrue();
		for (int i = 0; i < 200; i++) {
			assertThat(store.tryAcquire("resent", "owner-" + i, lease).acquired()).isTrue();
			assertThat(store.release("resent", "owner-" + i)).isTrue();
		}
		assertThat(store.release("resent", "owner-a")).as("run again after 200 releases by others").isTrue();
		assertThat(store.tryAcquire("resent", "owner-b", lease).acquired()).isTrue();
		assertThat(store.release("resent", "owner-c")).as("an owner that never released it").isFalse();
		assertThat(store.tryAcquire("resent", "owner-c", lease).acquired()).isFalse();
		assertThat(store.release("resent", "owner-b")).isTrue();
		assertThat(redis().getExpire(new RedisLockKeys("lock:").releasedByKey("resent"), TimeUnit.MILLISECONDS))
			.as("the memory of releases lasts seconds")
			.isPositive()
			.isLessThanOrEqualTo(Duration.ofSeconds(10).toMillis());
	}

	@AfterAll
	static void closeConnections() {
		if (connectionFactory != null) {
			connectionFactory.destroy();
		}
		connectionFactory = null;
		redis = null;
	}

	private Set<String> lockKeys() {
		Set<String> keys = redis().keys("lock:*");
		return (keys != null) ? keys : Set.of();
	}

	private long serverMillis() {
		Long millis = redis().execute((connection) -> connection.serverCommands().time(TimeUnit.MILLISECONDS), true);
		return (millis != null) ? millis : 0;
	}

	private StringRedisTemplate redis() {
		if (redis == null) {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(redisConfiguration(),
					LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(5)).build());
			factory.setShareNativeConnection(shareNativeConnection());
			factory.afterPropertiesSet();
			factory.start();
			connectionFactory = factory;
			redis = new StringRedisTemplate(factory);
		}
		return redis;
	}

}
