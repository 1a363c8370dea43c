// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @RedisLock} on the connection factory Spring Boot builds from
 * {@code spring.data.redis.*}, whatever it is: Lettuce or Jedis, a standalone server
 * reached as an ACL user, Sentinel, Cluster. Two instances run a non-atomic counter
 * increment under the lock; the count ends exact, and each holder's fencing token is
 * larger than the one before.
 *
 * @author redis-lock contributors
 */
class RedisSetupsTests {

	private static final int THREADS_PER_INSTANCE = 4;

	private static final int INCREMENTS_PER_THREAD = 25;

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void lettuceStandaloneAsAnAclUser() throws Exception {
		RedisNode server = this.redis.standalone();
		server.command("ACL", "SETUSER", "locker", "on", ">s3cret", "~*", "&*", "+@all");
		try (LockApplications applications = new LockApplications(server, "spring.data.redis.host=" + RedisNode.HOST,
				"spring.data.redis.port=" + server.port(), "spring.data.redis.username=locker",
				"spring.data.redis.password=s3cret")) {
			List<ConfigurableApplicationContext> instances = startTwo(applications);
			assertThat(instances.get(0).getBean(RedisConnectionFactory.class))
				.isInstanceOf(LettuceConnectionFactory.class);
			assertCountEndsExact(instances);
			assertThat(server.command("ACL", "LOG")).asString().doesNotContain("locker");
		}
	}

	@Test
	void lettuceStandaloneAsAnAclUserAllowedOnlyTheCommandsKeysAndChannelsTheDocsList() throws Exception {
		RedisNode server = this.redis.standalone();
		List<String> setUser = new ArrayList<>(List.of("ACL", "SETUSER", "locker", "on", ">s3cret", "resetkeys",
				"~lock:*", "~" + Counter.KEY, "resetchannels", "&lock:*"));
		setUser.addAll(documentedAclCommands());
		server.command(setUser.toArray(String[]::new));
		// The page leaves out CONFIG GET, which only the start-up eviction check sends
		// (without it the application starts with a warning:
		// EvictingRedisStopsStartUpTests); off here, so that ACL LOG shows only what
		// locks need.
		try (LockApplications applications = new LockApplications(server, "spring.data.redis.host=" + RedisNode.HOST,
				"spring.data.redis.port=" + server.port(), "spring.data.redis.username=locker",
				"spring.data.redis.password=s3cret", "redis-lock.eviction-check=off")) {
			assertCountEndsExact(startTwo(applications));
			assertThat(server.command("ACL", "LOG")).asString().doesNotContain("locker");
		}
	}

	/**
	 * The command rules of the {@code ACL SETUSER} example in docs/operating.md, so that
	 * this test runs locks as exactly the user the page tells operators to create.
	 */
	private static List<String> documentedAclCommands() throws IOException {
		Path page = Path.of("..", "docs", "operating.md");
		Matcher example = Pattern.compile("ACL SETUSER locker ([^`]*)```").matcher(Files.readString(page));
		assertThat(example.find()).as("the ACL SETUSER example in %s", page).isTrue();
		List<String> rules = List.of(example.group(1).trim().split("\\s+"));
		assertThat(rules).as("the ACL SETUSER example in %s", page)
			.contains("~lock:*", "&lock:*", "nocommands", "+evalsha");
		return rules.stream().filter((rule) -> rule.equals("nocommands") || rule.startsWith("+")).toList();
	}

	@Test
	void jedisStandalone() throws Exception {
		RedisNode server = this.redis.standalone();
		try (LockApplications applications = new LockApplications(server, "spring.data.redis.host=" + RedisNode.HOST,
				"spring.data.redis.port=" + server.port(), "spring.data.redis.client-type=jedis")) {
			List<ConfigurableApplicationContext> instances = startTwo(applications);
			assertThat(instances.get(0).getBean(RedisConnectionFactory.class))
				.isInstanceOf(JedisConnectionFactory.class);
			assertCountEndsExact(instances);
		}
	}

	@Test
	void sentinel() throws Exception {
		RedisSentinelGroup sentinel = this.redis.sentinel(3, 1);
		try (LockApplications applications = new LockApplications(sentinel.master(),
				"spring.data.redis.sentinel.master=" + sentinel.masterName(),
				"spring.data.redis.sentinel.nodes=" + String.join(",", sentinel.sentinelAddresses()))) {
			assertCountEndsExact(startTwo(applications));
		}
	}

	@Test
	void cluster() throws Exception {
		RedisCluster cluster = this.redis.cluster(3, 0);
		try (LockApplications applications = new LockApplications(cluster.masters().get(0),
				"spring.data.redis.cluster.nodes=" + String.join(",", cluster.addresses()))) {
			assertCountEndsExact(startTwo(applications));
		}
	}

	private static List<ConfigurableApplicationContext> startTwo(LockApplications applications) {
		return List.of(applications.start(CounterApplication.class), applications.start(CounterApplication.class));
	}

	private static void assertCountEndsExact(List<ConfigurableApplicationContext> instances) throws Exception {
		StringRedisTemplate redis = instances.get(0).getBean(StringRedisTemplate.class);
		redis.opsForValue().set(Counter.KEY, "0");
		Counter.mostAtOnce.set(0);
		Counter.lastFencingToken.set(0);
		Counter.fencingTokensNotGrowing.set(0);
		int threads = THREADS_PER_INSTANCE * instances.size();
		ConcurrentWorkers.run(threads, (t) -> {
			Counter counter = instances.get(t % instances.size()).getBean(Counter.class);
			return () -> {
				for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
					counter.increment();
				}
			};
		});
		assertThat(redis.opsForValue().get(Counter.KEY)).isEqualTo(Integer.toString(threads * INCREMENTS_PER_THREAD));
		assertThat(Counter.mostAtOnce).hasValue(1);
		assertThat(Counter.fencingTokensNotGrowing).hasValue(0);
		assertThat(redis.hasKey("lock:{counter}")).isFalse();
	}

	static class Counter {

		static final String KEY = "counter-value";

		static final AtomicInteger inside = new AtomicInteger();

		static final AtomicInteger mostAtOnce = new AtomicInteger();

		static final AtomicLong lastFencingToken = new AtomicLong();

		static final AtomicInteger fencingTokensNotGrowing = new AtomicInteger();

		private final StringRedisTemplate redis;

		Counter(StringRedisTemplate redis) {
			this.redis = redis;
		}

		@RedisLock(key = "'counter'", waitTime = 60)
		public void increment() {
			mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
			try {
				long token = LockContext.current().getFencingToken();
				if (token <= lastFencingToken.getAndSet(token)) {
					fencingTokensNotGrowing.incrementAndGet();
				}
				int value = Integer.parseInt(this.redis.opsForValue().get(KEY));
				this.redis.opsForValue().set(KEY, Integer.toString(value + 1));
			}
			finally {
				inside.decrementAndGet();
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CounterApplication {

		@Bean
		Counter counter(StringRedisTemplate redis) {
			return new Counter(redis);
		}

	}

}
