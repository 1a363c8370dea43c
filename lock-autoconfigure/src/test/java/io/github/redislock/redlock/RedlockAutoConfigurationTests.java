// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code redis-lock.redlock.nodes} set, the lock beans take their locks on a
 * majority of those masters, whether or not the application has a Redis of its own, and
 * an application that needs both kinds builds the other client itself.
 *
 * @author redis-lock contributors
 */
class RedlockAutoConfigurationTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	/**
	 * These tests prove the wiring, not the timing: a busy machine may take longer than
	 * the default 100 ms to open a node's connection.
	 */
	private static final String WIRING_NODE_TIMEOUT = "redis-lock.redlock.node-timeout=2s";

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@Test
	void lockBeansTakeTheirLocksOnEveryNode() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
			.withPropertyValues(WIRING_NODE_TIMEOUT, "redis-lock.redlock.nodes=" + url(0) + "," + url(1) + "," + url(2))
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(RedlockStore.class)
					.doesNotHaveBean(RedisLockStore.class);
				DistributedLock lock = context.getBean(LockClient.class).getLock("configured");
				assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
				try {
					// The lock is granted once a majority took it; the last node a moment
					// later.
					await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
						for (RedisNode master : masters) {
							assertThat(master.command("EXISTS", "lock:{configured}")).as(master.address())
								.isEqualTo(1L);
						}
					});
				}
				finally {
					lock.unlock();
				}
			});
	}

	@Test
	void withoutHolderDetailsEveryNodeRecordsOnlyTheInstance() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
			.withPropertyValues(WIRING_NODE_TIMEOUT, "redis-lock.redlock.nodes=" + url(0) + "," + url(1) + "," + url(2),
					"redis-lock.holder-details=false")
			.run((context) -> {
				DefaultLockClient client = context.getBean(DefaultLockClient.class);
				DistributedLock lock = client.getLock("undetailed");
				assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
				try {
					// A majority decides: the last master may record the lock a moment
					// later.
					for (RedisNode master : masters) {
						await().atMost(Duration.ofSeconds(5))
							.untilAsserted(() -> assertThat(String.valueOf(master.command("GET", "lock:{undetailed}")))
								.as(master.address())
								.matches("\\S+ \\{\"instance\":\"" + client.getInstanceId()
										+ "\",\"acquiredAt\":\"[^\"]+\"}"));
					}
				}
				finally {
					lock.unlock();
				}
			});
	}

	@Test
	void nodesCanBeAYamlListAndOneMayBeDownAtStartUp() {
		masters.get(2).kill();
		try {
			new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
				.withPropertyValues(WIRING_NODE_TIMEOUT, "redis-lock.redlock.nodes[0]=" + url(0),
						"redis-lock.redlock.nodes[1]=" + url(1), "redis-lock.redlock.nodes[2]=" + url(2))
				.run((context) -> {
					assertThat(context).hasNotFailed().hasSingleBean(RedlockStore.class);
					DistributedLock lock = context.getBean(LockClient.class).getLock("listed");
					assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
					lock.unlock();
				});
		}
		finally {
			masters.get(2).restart();
		}
	}

	@Test
	void aSecondClientOnTheApplicationsRedisSitsBesideTheRedlockOne() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
			.withUserConfiguration(SingleRedisClient.class)
			.withPropertyValues(WIRING_NODE_TIMEOUT, "redis-lock.redlock.nodes=" + url(0) + "," + url(1) + "," + url(2),
					"app.redis-port=" + masters.get(0).port())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(LockStore.class)).isInstanceOf(RedlockStore.class);
				DefaultLockClient single = context.getBean("singleRedisLockClient", DefaultLockClient.class);
				DistributedLock lock = single.getLock("single");
				assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
				try {
					assertThat(masters.get(0).command("EXISTS", "single:{single}")).isEqualTo(1L);
					assertThat(masters.get(1).command("EXISTS", "single:{single}")).isEqualTo(0L);
				}
				finally {
					lock.unlock();
				}
			});
	}

	private static String url(int index) {
		return "redis://" + masters.get(index).host() + ":" + masters.get(index).port();
	}

	/**
	 * How docs/guarantees.md ("Redlock") shows a client on one Redis beside the Redlock
	 * beans: beans that are not default candidates, so that the starter's beans do not
	 * back off for them and nothing injects them by type by mistake.
	 */
	@Configuration(proxyBeanMethods = false)
	static class SingleRedisClient {

		@Bean(defaultCandidate = false)
		LettuceConnectionFactory singleRedisConnectionFactory(@Value("${app.redis-port}") int port) {
			return new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", port));
		}

		@Bean(destroyMethod = "close", defaultCandidate = false)
		RedisLockStore singleRedisLockStore(
				@Qualifier("singleRedisConnectionFactory") LettuceConnectionFactory singleRedisConnectionFactory) {
			return new RedisLockStore(new StringRedisTemplate(singleRedisConnectionFactory), "single:");
		}

		@Bean(destroyMethod = "close", defaultCandidate = false)
		DefaultLockClient singleRedisLockClient(
				@Qualifier("singleRedisLockStore") RedisLockStore singleRedisLockStore) {
			return new DefaultLockClient(singleRedisLockStore);
		}

	}

}
