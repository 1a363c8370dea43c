// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each node's Lettuce client is made of: its URL, then the caller's client
 * configuration, then the two settings the algorithm relies on, which no customization
 * can undo.
 *
 * @author redis-lock contributors
 */
class RedlockNodeClientConfigurationTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void theNodeTimeoutAndRejectingCommandsWhileDisconnectedOutlastACustomization() {
		List<RedisNode> masters = redis.masters(3);
		List<RedlockNode> nodes = masters.stream()
			.map((master) -> RedlockNode.parse("redis://" + master.host() + ":" + master.port() + "/2?clientName=url"))
			.toList();
		Duration nodeTimeout = Duration.ofSeconds(2);
		RedlockConnections connections = RedlockConnections.connect(nodes, "lock:", nodeTimeout,
				(client) -> client.commandTimeout(Duration.ofSeconds(60))
					.shutdownTimeout(Duration.ofMillis(10))
					.clientOptions(ClientOptions.builder()
						.disconnectedBehavior(DisconnectedBehavior.ACCEPT_COMMANDS)
						.autoReconnect(true)
						.build()));
		try {
			for (LettuceConnectionFactory factory : connections.factories) {
				LettuceClientConfiguration configuration = factory.getClientConfiguration();
				assertThat(configuration.getCommandTimeout()).isEqualTo(nodeTimeout);
				assertThat(configuration.getClientOptions()).get()
					.extracting(ClientOptions::getDisconnectedBehavior)
					.isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
				assertThat(configuration.getShutdownTimeout()).as("the customization's")
					.isEqualTo(Duration.ofMillis(10));
				assertThat(configuration.getClientName()).as("the URL's").contains("url");
				assertThat(factory.getDatabase()).as("the URL's").isEqualTo(2);
			}
		}
		finally {
			connections.close();
		}
	}

}
