// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without a fault the proxy is invisible: every command gets the reply it would get from
 * Redis directly, in RESP2 and RESP3, pipelined or not, however large.
 *
 * @author redis-lock contributors
 */
class CommandsPassThroughFaultProxyTests extends FaultProxyTestSupport {

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void everyKindOfReplyComesBackUnchanged(ProtocolVersion protocol) {
		RedisCommands<String, String> commands = connect(protocol).sync();

		assertThat(commands.ping()).isEqualTo("PONG");
		assertThat(commands.set("greeting", "hello")).isEqualTo("OK");
		assertThat(commands.get("greeting")).isEqualTo("hello");
		assertThat(commands.get("absent")).isNull();
		assertThat(commands.incr("counter")).isEqualTo(1);
		commands.hset("hash", Map.of("a", "1", "b", "2"));
		assertThat(commands.hgetall("hash")).isEqualTo(Map.of("a", "1", "b", "2"));
		commands.sadd("set", "x", "y");
		assertThat(commands.smembers("set")).isEqualTo(Set.of("x", "y"));
		commands.zadd("scores", 1.5, "m");
		assertThat(commands.zscore("scores", "m")).isEqualTo(1.5);
		assertThat(commands.clientSetname("through-proxy")).isEqualTo("OK");
		assertThat(commands.clientGetname()).isEqualTo("through-proxy");
		Object nested = commands.eval("return {1, 'two', {3}}", ScriptOutputType.MULTI);
		assertThat(nested).isEqualTo(List.of(1L, "two", List.of(3L)));
		assertThat(server.command("GET", "greeting")).isEqualTo("hello");
	}

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void pipelinedCommandsEachGetTheirOwnReply(ProtocolVersion protocol) throws Exception {
		StatefulRedisConnection<String, String> connection = connect(protocol);
		RedisAsyncCommands<String, String> commands = connection.async();
		connection.setAutoFlushCommands(false);
		List<RedisFuture<String>> gets = new ArrayList<>();
		for (int i = 0; i < 500; i++) {
			commands.set("key:" + i, "value:" + i);
			gets.add(commands.get("key:" + i));
		}
		connection.flushCommands();

		assertThat(LettuceFutures.awaitAll(Duration.ofSeconds(10), gets.toArray(RedisFuture[]::new))).isTrue();
		for (int i = 0; i < 500; i++) {
			assertThat(gets.get(i).get()).isEqualTo("value:" + i);
		}
	}

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void valuesLargerThanTheProxysBuffersArriveIntact(ProtocolVersion protocol) throws Exception {
		StatefulRedisConnection<String, String> connection = connect(protocol);
		String large = "0123456789abcdef".repeat(300 * 1024 / 16);
		RedisAsyncCommands<String, String> commands = connection.async();
		connection.setAutoFlushCommands(false);
		RedisFuture<String> set = commands.set("large", large);
		RedisFuture<String> before = commands.echo("before");
		RedisFuture<String> get = commands.get("large");
		RedisFuture<String> after = commands.echo("after");
		connection.flushCommands();

		assertThat(set.get(10, TimeUnit.SECONDS)).isEqualTo("OK");
		assertThat(get.get(10, TimeUnit.SECONDS)).isEqualTo(large);
		assertThat(before.get()).isEqualTo("before");
		assertThat(after.get()).isEqualTo("after");
		assertThat(server.command("STRLEN", "large")).isEqualTo((long) large.length());
	}

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void aLockScriptRunsBySha(ProtocolVersion protocol) {
		RedisCommands<String, String> commands = connect(protocol).sync();
		String source = new String(LockScripts.source("release"), StandardCharsets.UTF_8);

		String sha = commands.scriptLoad(source);
		Long released = commands.evalsha(sha, ScriptOutputType.INTEGER,
				new String[] { "lock:{k}", "lock:{k}:waiters", "lock:{k}:queue" }, "owner", "channel", "0");

		assertThat(sha).isEqualTo(LockScripts.sha1(LockScripts.source("release")));
		assertThat(released).as("a lock nobody holds is not released").isZero();
	}

	@Test
	void springsStringRedisTemplateWorksThroughTheProxy() {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", this.proxy.port()));
		factory.afterPropertiesSet();
		factory.start();
		try {
			StringRedisTemplate template = new StringRedisTemplate(factory);
			template.opsForValue().set("spring", "data");

			assertThat(template.opsForValue().get("spring")).isEqualTo("data");
			assertThat(template.execute(RedisScript.of("return redis.call('GET', KEYS[1])", String.class),
					List.of("spring")))
				.isEqualTo("data");
		}
		finally {
			factory.destroy();
		}
	}

}
