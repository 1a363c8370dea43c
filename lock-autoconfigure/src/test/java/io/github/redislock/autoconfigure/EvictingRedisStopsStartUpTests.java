// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockClient;
import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis whose {@code maxmemory-policy} can evict lock keys (every lock key has an
 * expiry, so {@code volatile-*} as well as {@code allkeys-*}) stops start-up by default,
 * naming the setting and the server; {@code redis-lock.eviction-check} turns that into a
 * warning or off, and a server whose policy cannot be read is named in one warning.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class EvictingRedisStopsStartUpTests {

	private static final String UNREAD = "Could not read maxmemory-policy";

	private static final String CAN_EVICT = "can evict lock keys";

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class));

	@Test
	void aServerThatCanEvictLockKeysStopsStartUpNamingTheSettingTheServerAndTheWayOut() {
		RedisNode server = evicting(this.redis.standalone(), "volatile-ttl");
		this.runner.withPropertyValues(standalone(server)).run((context) -> {
			assertThat(context).hasFailed();
			InvalidLockConfigurationException failure = evictionFailure(context.getStartupFailure());
			assertThat(failure.getMessage()).contains("Redis at " + server.address(), "maxmemory-policy volatile-ttl",
					"maxmemory 10485760 bytes", "noeviction", "redis-lock.eviction-check=warn");
			FailureAnalysis analysis = new InvalidLockConfigurationFailureAnalyzer()
				.analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("Redis at " + server.address(),
					"CONFIG SET maxmemory-policy noeviction", "redis-lock.eviction-check=warn");
		});
	}

	@Test
	void jedisIsStoppedToo() {
		RedisNode server = evicting(this.redis.standalone(), "allkeys-lru");
		this.runner.withPropertyValues(standalone(server))
			.withPropertyValues("spring.data.redis.client-type=jedis")
			.run((context) -> assertThat(evictionFailure(context.getStartupFailure()).getMessage())
				.contains("Redis at " + server.address(), "maxmemory-policy allkeys-lru"));
	}

	@Test
	void withWarnItStartsAndWarnsOnceNamingTheServer(CapturedOutput output) {
		RedisNode server = evicting(this.redis.standalone(), "volatile-ttl");
		this.runner.withPropertyValues(standalone(server))
			.withPropertyValues("redis-lock.eviction-check=warn")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
				assertThat(occurrences(output, CAN_EVICT)).isOne();
				assertThat(output).contains("WARN", "Redis at " + server.address() + " (maxmemory-policy volatile-ttl");
			});
	}

	@Test
	void withOffItDoesNotReadThePolicy(CapturedOutput output) {
		RedisNode server = evicting(this.redis.standalone(), "volatile-ttl");
		long configCalls = commandCalls(server, "config|get");
		this.runner.withPropertyValues(standalone(server))
			.withPropertyValues("redis-lock.eviction-check=off")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(commandCalls(server, "config|get")).isEqualTo(configCalls);
				assertThat(output).doesNotContain(CAN_EVICT).doesNotContain(UNREAD);
			});
	}

	@Test
	void aServerThatCannotEvictStartsWithoutAWord(CapturedOutput output) {
		RedisNode server = this.redis.standalone();
		this.runner.withPropertyValues(standalone(server)).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(output).doesNotContain("maxmemory");
		});
	}

	@Test
	void anEvictingPolicyWithoutAMemoryLimitIsOnlyWarnedAbout(CapturedOutput output) {
		RedisNode server = this.redis.standalone();
		server.command("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		this.runner.withPropertyValues(standalone(server)).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(occurrences(output, CAN_EVICT)).isOne();
			assertThat(output).contains("Redis at " + server.address() + " (maxmemory-policy allkeys-lru, maxmemory 0");
		});
	}

	@Test
	void anAclUserWithoutConfigPermissionStartsWithOneWarningThatSaysWhatToCheck(CapturedOutput output) {
		RedisNode server = evicting(this.redis.standalone(), "volatile-ttl");
		server.command("ACL", "SETUSER", "locker", "on", ">s3cret", "~*", "&*", "+@all", "-config");
		this.runner.withPropertyValues(standalone(server))
			.withPropertyValues("spring.data.redis.username=locker", "spring.data.redis.password=s3cret")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
				assertThat(occurrences(output, UNREAD)).isOne();
				assertThat(output).contains("Redis at " + server.address(), "NOPERM", "maxmemory-policy noeviction",
						"+config|get");
				assertThat(output).doesNotContain(CAN_EVICT);
			});
	}

	@Test
	void everyClusterMasterIsChecked() {
		RedisCluster cluster = this.redis.cluster(3, 0);
		RedisNode evicting = evicting(cluster.masters().get(2), "volatile-lfu");
		this.runner.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", cluster.addresses()))
			.run((context) -> assertThat(evictionFailure(context.getStartupFailure()).getAction())
				.contains("Redis Cluster master " + evicting.address())
				.doesNotContain(cluster.masters().get(0).address(), cluster.masters().get(1).address()));
	}

	@Test
	void theSentinelMasterIsChecked() {
		RedisSentinelGroup sentinel = this.redis.sentinel(1, 0);
		evicting(sentinel.master(), "volatile-random");
		this.runner
			.withPropertyValues("spring.data.redis.sentinel.master=" + sentinel.masterName(),
					"spring.data.redis.sentinel.nodes=" + String.join(",", sentinel.sentinelAddresses()))
			.run((context) -> assertThat(evictionFailure(context.getStartupFailure()).getMessage())
				.contains("Redis Sentinel master '" + sentinel.masterName() + "'", "maxmemory-policy volatile-random"));
	}

	@Test
	void everyRedlockNodeIsChecked() {
		List<RedisNode> masters = this.redis.masters(3);
		evicting(masters.get(1), "allkeys-random");
		String nodes = String.join(",", masters.stream().map((node) -> "redis://" + node.address()).toList());
		this.runner.withPropertyValues("redis-lock.redlock.nodes=" + nodes)
			.run((context) -> assertThat(evictionFailure(context.getStartupFailure()).getAction())
				.contains("Redis at " + masters.get(1).address())
				.doesNotContain(masters.get(0).address(), masters.get(2).address()));
	}

	@Test
	void aBadValueNamesTheProperty() {
		this.runner.withPropertyValues("redis-lock.eviction-check=maybe").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("redis-lock.eviction-check");
		});
	}

	private static RedisNode evicting(RedisNode server, String policy) {
		server.command("CONFIG", "SET", "maxmemory", "10mb");
		server.command("CONFIG", "SET", "maxmemory-policy", policy);
		return server;
	}

	private static String[] standalone(RedisNode server) {
		return new String[] { "spring.data.redis.host=" + server.host(), "spring.data.redis.port=" + server.port() };
	}

	private static InvalidLockConfigurationException evictionFailure(Throwable failure) {
		assertThat(failure).isNotNull();
		Throwable cause = NestedExceptionUtils.getRootCause(failure);
		assertThat(cause).isInstanceOf(InvalidLockConfigurationException.class);
		return (InvalidLockConfigurationException) cause;
	}

	private static long commandCalls(RedisNode server, String command) {
		String stats = server.info("commandstats").getOrDefault("cmdstat_" + command, "calls=0");
		Matcher calls = Pattern.compile("calls=(\\d+)").matcher(stats);
		assertThat(calls.find()).isTrue();
		return Long.parseLong(calls.group(1));
	}

	private static int occurrences(CapturedOutput output, String text) {
		return output.getAll().split(Pattern.quote(text), -1).length - 1;
	}

}
