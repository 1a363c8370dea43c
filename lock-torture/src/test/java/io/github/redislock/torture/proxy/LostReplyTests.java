// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A lost reply is a connection that broke after Redis ran the command: the effect is in
 * Redis, the client hears only that its connection closed, and the next connection works.
 *
 * @author redis-lock contributors
 */
class LostReplyTests extends FaultProxyTestSupport {

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void theClientSeesItsConnectionBreakAfterRedisRanTheCommand(ProtocolVersion protocol) throws Exception {
		var client = client(ClientOptions.builder().protocolVersion(protocol).autoReconnect(false),
				Duration.ofSeconds(5));
		StatefulRedisConnection<String, String> connection = client.connect();
		CompletableFuture<String> lost = this.proxy
			.loseNextReply((command) -> command.isSetIfAbsent() && "lock:{k}".equals(command.firstKey()));

		assertThatExceptionOfType(RedisException.class)
			.isThrownBy(() -> connection.sync().set("lock:{k}", "owner", SetArgs.Builder.nx().px(30_000)));

		assertThat(lost.get(5, TimeUnit.SECONDS)).isEqualTo("SET lock:{k}");
		assertThat(server.command("GET", "lock:{k}")).as("Redis ran the command").isEqualTo("owner");
		await().atMost(Duration.ofSeconds(5)).until(() -> !connection.isOpen());
		assertThat(client.connect().sync().get("lock:{k}")).as("a new connection works").isEqualTo("owner");
	}

	@Test
	void lettuceReconnectsAndSendsACommandWhoseReplyWasLostAgain() throws Exception {
		RedisCommands<String, String> commands = connect(ProtocolVersion.RESP3).sync();
		CompletableFuture<String> lost = this.proxy.loseNextReply((command) -> command.name().equals("INCR"));

		Long counted = commands.incr("counter");

		assertThat(lost.get(5, TimeUnit.SECONDS)).isEqualTo("INCR counter");
		assertThat(counted).as("Lettuce's at-least-once: the INCR ran twice").isEqualTo(2);
		assertThat(server.command("GET", "counter")).isEqualTo("2");
		assertThat(commands.get("counter")).isEqualTo("2");
	}

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void repliesBeforeTheLostOneInAPipelineStillArrive(ProtocolVersion protocol) throws Exception {
		var client = client(ClientOptions.builder().protocolVersion(protocol).autoReconnect(false),
				Duration.ofSeconds(5));
		StatefulRedisConnection<String, String> connection = client.connect();
		RedisAsyncCommands<String, String> commands = connection.async();
		CompletableFuture<String> lost = this.proxy.loseNextReply((command) -> "b".equals(command.firstKey()));
		connection.setAutoFlushCommands(false);
		RedisFuture<String> a = commands.set("a", "1");
		RedisFuture<String> b = commands.set("b", "2");
		RedisFuture<String> c = commands.set("c", "3");
		connection.flushCommands();

		assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("OK");
		assertThat(lost.get(5, TimeUnit.SECONDS)).isEqualTo("SET b");
		await().atMost(Duration.ofSeconds(5)).until(() -> b.isDone() && c.isDone());
		assertThat(b.toCompletableFuture()).isCompletedExceptionally();
		assertThat(c.toCompletableFuture()).isCompletedExceptionally();
		assertThat(server.command("GET", "b")).isEqualTo("2");
	}

	@Test
	void aLaterFaultReplacesOneStillWaitingAndClearingCancelsIt() {
		CompletableFuture<String> first = this.proxy.loseNextReply((command) -> false);
		CompletableFuture<String> second = this.proxy.delayNextReply((command) -> false, Duration.ofSeconds(1));

		assertThat(first).isCancelled();
		assertThat(second).isNotDone();
		this.proxy.clearFaults();
		assertThat(second).isCancelled();
	}

	@Test
	void onlyTheNextMatchingReplyIsLost() throws Exception {
		var client = client(ClientOptions.builder().autoReconnect(false), Duration.ofSeconds(5));
		CompletableFuture<String> lost = this.proxy.loseNextReply((command) -> command.name().equals("SET"));
		StatefulRedisConnection<String, String> first = client.connect();

		assertThat(first.sync().get("x")).isNull();
		assertThatExceptionOfType(RedisException.class).isThrownBy(() -> first.sync().set("x", "1"));
		assertThat(lost).isCompleted();
		RedisCommands<String, String> second = client.connect().sync();
		assertThat(second.set("x", "2")).isEqualTo("OK");
		assertThat(second.get("x")).isEqualTo("2");
	}

}
