// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Closing the Redis store, which a context does while it shuts down, returns even when
 * the thread that subscribes to release notifications is stuck in Redis: seen when a
 * connection factory stopped while that thread was connecting, whose connect then never
 * completed and held the subscription container's lock for good.
 *
 * @author redis-lock contributors
 */
class StoreClosesWhileSubscribingIsStuckTests extends RedisLockTestSupport {

	@Test
	void closingReturnsWhileTheReleaseSubscriptionIsStuckConnecting() throws Exception {
		LettuceConnectionFactory lettuce = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(server().host(), server().port()));
		lettuce.afterPropertiesSet();
		lettuce.start();
		StuckConnections factory = new StuckConnections(lettuce);
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory));
		try {
			factory.stuck = true;
			store.subscribe("stuck", (handOff) -> {
			});
			assertThat(factory.entered.await(10, TimeUnit.SECONDS)).as("the subscription to begin connecting").isTrue();
			assertTimeoutPreemptively(Duration.ofSeconds(20), store::close);
		}
		finally {
			factory.unstick.countDown();
			lettuce.destroy();
		}
	}

	/**
	 * A connection factory whose connections, once stuck, are never handed out until the
	 * test ends, whatever interrupts the waiting thread: as a connect does whose client
	 * was shut down under it.
	 */
	private static final class StuckConnections implements RedisConnectionFactory {

		private final RedisConnectionFactory delegate;

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch unstick = new CountDownLatch(1);

		volatile boolean stuck;

		StuckConnections(RedisConnectionFactory delegate) {
			this.delegate = delegate;
		}

		@Override
		public RedisConnection getConnection() {
			if (this.stuck) {
				this.entered.countDown();
				await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
					try {
						return this.unstick.await(0, TimeUnit.MILLISECONDS);
					}
					catch (InterruptedException ex) {
						return false;
					}
				});
			}
			return this.delegate.getConnection();
		}

		@Override
		public RedisClusterConnection getClusterConnection() {
			return this.delegate.getClusterConnection();
		}

		@Override
		public boolean getConvertPipelineAndTxResults() {
			return this.delegate.getConvertPipelineAndTxResults();
		}

		@Override
		public RedisSentinelConnection getSentinelConnection() {
			return this.delegate.getSentinelConnection();
		}

		@Override
		public @Nullable DataAccessException translateExceptionIfPossible(RuntimeException ex) {
			return this.delegate.translateExceptionIfPossible(ex);
		}

	}

}
