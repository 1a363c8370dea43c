// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore.AcquireResult;
import io.github.redislock.testsupport.RedisNode;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.TimeoutOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The asynchronous calls of the Redis store, sent with Lettuce's own asynchronous
 * commands: a script Redis no longer knows is sent again with its source, a call Redis
 * does not answer fails within the client's command timeout, as a blocking call would,
 * naming the script, and a factory whose connection is taken on the caller's thread makes
 * the client run the calls on threads of its own.
 *
 * @author redis-lock contributors
 */
class AsynchronousStoreCallsTests extends RedisLockTestSupport {

	private static final LockHolder HOLDER = new LockHolder("host", 1, "main", null);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void scriptsFlushedFromRedisAreSentAgainWithTheirSource() {
		RedisLockStore store = instance().start().store;
		assertThat(acquire(store, "flushed", "owner-1").acquired()).isTrue();
		assertThat(store.releaseAsync("flushed", "owner-1").toCompletableFuture().join()).isTrue();
		assertThat(server().command("SCRIPT", "FLUSH")).isEqualTo("OK");
		assertThat(acquire(store, "flushed", "owner-2").acquired()).isTrue();
		assertThat(store.renewAsync("flushed", "owner-2", LEASE).toCompletableFuture().join()).isTrue();
		assertThat(store.releaseAsync("flushed", "owner-2").toCompletableFuture().join()).isTrue();
		assertThat(store.holderOf("flushed")).isNull();
	}

	@ParameterizedTest(name = "Lettuce times out commands: {0}")
	@ValueSource(booleans = { false, true })
	void aCallToAPausedRedisFailsWithinTheCommandTimeoutNamingItsScript(boolean lettuceTimesOut) {
		LettuceClientConfigurationBuilder configuration = LettuceClientConfiguration.builder()
			.commandTimeout(Duration.ofMillis(300));
		if (lettuceTimesOut) {
			configuration.clientOptions(ClientOptions.builder().timeoutOptions(TimeoutOptions.enabled()).build());
		}
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(RedisNode.HOST, server().port()), configuration.build());
		factory.afterPropertiesSet();
		factory.start();
		try {
			RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:");
			assertThat(acquire(store, "paused", "warm-up").acquired()).isTrue();
			server().pause();
			try {
				CompletableFuture<AcquireResult> attempt = store.tryAcquireAsync("paused", "owner", LEASE, null, HOLDER)
					.toCompletableFuture();
				assertThat(attempt).failsWithin(Duration.ofSeconds(10))
					.withThrowableThat()
					.havingCause()
					.isInstanceOf(QueryTimeoutException.class)
					.withMessageContaining("acquire.lua")
					.withMessageContaining("300 ms");
			}
			finally {
				server().resume();
			}
			assertThat(store.releaseAsync("paused", "warm-up").toCompletableFuture().join()).isTrue();
			try (DefaultLockClient client = new DefaultLockClient(store)) {
				server().pause();
				try {
					assertThat(client.tryAcquireAsync(LockDefinition.of("paused", LEASE, Duration.ZERO)))
						.failsWithin(Duration.ofSeconds(10))
						.withThrowableThat()
						.havingCause()
						.isInstanceOf(LockStoreException.class)
						.withMessageContaining("Redis did not answer acquire.lua within 300 ms");
				}
				finally {
					server().resume();
				}
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(store.holderOf("paused"))
						.as("the client took back its attempt that timed out")
						.isNull());
			}
		}
		finally {
			factory.destroy();
		}
	}

	@Test
	void aFactoryThatDoesNotShareItsConnectionBlocksNoAsynchronousCaller() throws Exception {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(RedisNode.HOST, server().port()),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(20)).build());
		factory.setShareNativeConnection(false);
		factory.afterPropertiesSet();
		factory.start();
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:");
		assertThat(store.isNonBlocking()).as("non-blocking with a connection taken on the caller's thread").isFalse();
		CountDownLatch returned = new CountDownLatch(1);
		AtomicReference<CompletableFuture<Optional<LockLease>>> answer = new AtomicReference<>();
		try (DefaultLockClient client = new DefaultLockClient(store)) {
			server().pause();
			try {
				Thread caller = new Thread(() -> {
					answer.set(client.tryAcquireAsync(LockDefinition.of("unshared", LEASE, Duration.ZERO)));
					returned.countDown();
				});
				caller.start();
				assertThat(returned.await(10, TimeUnit.SECONDS))
					.as("tryAcquireAsync returned while Redis does not answer")
					.isTrue();
			}
			finally {
				server().resume();
			}
			Optional<LockLease> lease = answer.get().get(30, TimeUnit.SECONDS);
			assertThat(lease).as("acquired once Redis answered").isPresent();
			lease.get().release().toCompletableFuture().join();
		}
		finally {
			factory.destroy();
		}
	}

	private static AcquireResult acquire(RedisLockStore store, String name, String ownerToken) {
		return store.tryAcquireAsync(name, ownerToken, LEASE, null, HOLDER).toCompletableFuture().join();
	}

}
