// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pub/sub works through the proxy, and a subscribed connection is never matched: its
 * messages answer no command (in RESP2 they even look like replies), so the proxy passes
 * it through untouched. The engine's release notifications travel this way.
 *
 * @author redis-lock contributors
 */
class PubSubThroughFaultProxyTests extends FaultProxyTestSupport {

	@ParameterizedTest
	@EnumSource(ProtocolVersion.class)
	void messagesReachASubscriberAndItsConnectionIsNeverFaulted(ProtocolVersion protocol) throws Exception {
		StatefulRedisPubSubConnection<String, String> subscriber = client(
				ClientOptions.builder().protocolVersion(protocol), Duration.ofSeconds(5))
			.connectPubSub();
		BlockingQueue<String> messages = new LinkedBlockingQueue<>();
		subscriber.addListener(new RedisPubSubAdapter<>() {

			@Override
			public void message(String channel, String message) {
				messages.add(channel + ":" + message);
			}

			@Override
			public void message(String pattern, String channel, String message) {
				messages.add(pattern + ":" + channel + ":" + message);
			}

		});
		subscriber.sync().subscribe("releases");
		CompletableFuture<String> fault = this.proxy.loseNextReply((command) -> true);

		subscriber.sync().psubscribe("lock:*");
		server.command("PUBLISH", "releases", "one");
		server.command("PUBLISH", "lock:k", "two");

		assertThat(messages.poll(5, TimeUnit.SECONDS)).isEqualTo("releases:one");
		assertThat(messages.poll(5, TimeUnit.SECONDS)).isEqualTo("lock:*:lock:k:two");
		assertThat(fault).isNotDone();
		assertThat(this.proxy.openConnections()).isOne();
	}

}
