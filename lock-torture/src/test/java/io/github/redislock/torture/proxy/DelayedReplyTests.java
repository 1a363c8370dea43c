// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A delayed reply is a slow network: the reply comes, but late, and the replies after it
 * on the same connection wait behind it, in order.
 *
 * @author redis-lock contributors
 */
class DelayedReplyTests extends FaultProxyTestSupport {

	private static final Duration DELAY = Duration.ofMillis(400);

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void aReplyDelayedPastTheCommandTimeoutTimesOutAndLaterCommandsGetTheirOwnReplies(ProtocolVersion protocol)
			throws Exception {
		StatefulRedisConnection<String, String> connection = connect(protocol);
		RedisCommands<String, String> commands = connection.sync();
		commands.set("slow", "a");
		commands.set("other", "b");
		CompletableFuture<String> delayed = this.proxy.delayNextReply((command) -> "slow".equals(command.firstKey()),
				DELAY);

		connection.setTimeout(Duration.ofMillis(200));
		assertThatExceptionOfType(RedisCommandTimeoutException.class).isThrownBy(() -> commands.get("slow"));

		assertThat(delayed.get(5, TimeUnit.SECONDS)).isEqualTo("GET slow");
		// Generous again: a loaded machine must not fail the commands that follow.
		connection.setTimeout(Duration.ofSeconds(5));
		assertThat(commands.get("other")).isEqualTo("b");
		assertThat(commands.get("slow")).isEqualTo("a");
		assertThat(this.proxy.openConnections()).isOne();
	}

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void repliesAfterADelayedOneWaitBehindItInOrder(ProtocolVersion protocol) throws Exception {
		StatefulRedisConnection<String, String> connection = connect(protocol);
		RedisAsyncCommands<String, String> commands = connection.async();
		connection.sync().set("slow", "a");
		connection.sync().set("fast", "b");
		CompletableFuture<String> delayed = this.proxy.delayNextReply((command) -> "slow".equals(command.firstKey()),
				DELAY);
		long start = System.nanoTime();

		RedisFuture<String> slow = commands.get("slow");
		RedisFuture<String> fast = commands.get("fast");

		assertThat(fast.get(5, TimeUnit.SECONDS)).isEqualTo("b");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(DELAY);
		assertThat(slow.isDone()).as("the delayed reply came first").isTrue();
		assertThat(slow.get()).isEqualTo("a");
		assertThat(delayed).isCompletedWithValue("GET slow");
	}

	@Test
	void clearingFaultsSendsAHeldReplyOnAtOnce() throws Exception {
		RedisCommands<String, String> commands = connect(ProtocolVersion.RESP3).sync();
		commands.set("held", "value");
		CountDownLatch claimed = new CountDownLatch(1);
		CompletableFuture<String> delayed = this.proxy.delayNextReply((command) -> {
			boolean matches = "held".equals(command.firstKey());
			if (matches) {
				claimed.countDown();
			}
			return matches;
		}, Duration.ofMinutes(5));

		CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> commands.get("held"));
		assertThat(claimed.await(5, TimeUnit.SECONDS)).isTrue();
		this.proxy.clearFaults();

		assertThat(reply.get(5, TimeUnit.SECONDS)).isEqualTo("value");
		assertThat(delayed).isCancelled();
	}

}
