// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The proxy's connections and threads: closing every connection is a network blip the
 * clients recover from, and closing the proxy ends every thread it started, even one
 * holding a reply back.
 *
 * @author redis-lock contributors
 */
class FaultProxyLifecycleTests extends FaultProxyTestSupport {

	@Test
	void closingAllConnectionsDisconnectsEveryClientAndTheyReconnect() {
		RedisCommands<String, String> first = connect(ProtocolVersion.RESP3).sync();
		RedisCommands<String, String> second = connect(ProtocolVersion.RESP2).sync();
		long firstId = first.clientId();
		long secondId = second.clientId();
		assertThat(this.proxy.openConnections()).isEqualTo(2);

		this.proxy.closeAllConnections();

		assertThat(this.proxy.openConnections()).isZero();
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(first.clientId()).isNotEqualTo(firstId);
			assertThat(second.clientId()).isNotEqualTo(secondId);
		});
		assertThat(first.ping()).isEqualTo("PONG");
		assertThat(this.proxy.openConnections()).isEqualTo(2);
	}

	@Test
	void closeEndsEveryThreadOfTheProxyEvenOneHoldingAReplyBack() throws Exception {
		FaultProxy proxy = this.proxy;
		StatefulRedisConnection<String, String> connection = connect(ProtocolVersion.RESP3);
		connect(ProtocolVersion.RESP2).sync().ping();
		long getsBefore = getCalls();
		CompletableFuture<String> delayed = proxy.delayNextReply((command) -> "held".equals(command.firstKey()),
				Duration.ofMinutes(5));
		connection.async().get("held");
		await().atMost(Duration.ofSeconds(5)).until(() -> getCalls() > getsBefore);
		assertThat(delayed).isNotDone();
		assertThat(threadsOf(proxy)).hasSize(5);

		long start = System.nanoTime();
		proxy.close();

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
		assertThat(threadsOf(proxy)).isEmpty();
		assertThat(proxy.openConnections()).isZero();
		assertThat(delayed).as("a held reply's fault ends with the proxy").isCompletedExceptionally();
		assertThatExceptionOfType(ConnectException.class)
			.isThrownBy(() -> new Socket("127.0.0.1", proxy.port()).close());
	}

	private static long getCalls() {
		String stats = server.info("commandstats").getOrDefault("cmdstat_get", "calls=0,");
		return Long.parseLong(stats.substring("calls=".length(), stats.indexOf(',')));
	}

	@Test
	void aProxyWhoseRedisIsDownClosesEachClientConnection() throws IOException {
		int port;
		try (ServerSocket unused = new ServerSocket(0)) {
			port = unused.getLocalPort();
		}
		try (FaultProxy nowhere = FaultProxy.start("127.0.0.1", port);
				Socket socket = new Socket("127.0.0.1", nowhere.port())) {
			socket.setSoTimeout(5_000);
			assertThat(socket.getInputStream().read()).as("end of stream").isEqualTo(-1);
			assertThat(nowhere.openConnections()).isZero();
		}
	}

}
