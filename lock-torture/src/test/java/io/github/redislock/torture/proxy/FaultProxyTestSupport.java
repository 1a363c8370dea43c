// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One real {@code redis-server} per test class, a fresh {@link FaultProxy} in front of it
 * per test, and Lettuce clients connected through the proxy, all closed after each test
 * whatever its outcome.
 *
 * @author redis-lock contributors
 */
@Timeout(30)
abstract class FaultProxyTestSupport {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	static RedisNode server;

	private static ClientResources resources;

	FaultProxy proxy;

	private final List<RedisClient> clients = new ArrayList<>();

	@BeforeAll
	static void startRedis() {
		server = redis.standalone();
		resources = DefaultClientResources.builder().ioThreadPoolSize(2).computationThreadPoolSize(2).build();
	}

	@AfterAll
	static void stopClientResources() throws Exception {
		resources.shutdown(0, 2, TimeUnit.SECONDS).get(5, TimeUnit.SECONDS);
	}

	@BeforeEach
	void startProxy() {
		server.command("FLUSHALL");
		this.proxy = FaultProxy.start(server.host(), server.port());
	}

	@AfterEach
	void closeClientsAndProxy() {
		for (RedisClient client : this.clients) {
			client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
		this.proxy.close();
	}

	/**
	 * Connect through the proxy, with Lettuce's defaults apart from the protocol and the
	 * command timeout.
	 */
	StatefulRedisConnection<String, String> connect(ProtocolVersion protocol, Duration timeout) {
		return client(ClientOptions.builder().protocolVersion(protocol), timeout).connect();
	}

	StatefulRedisConnection<String, String> connect(ProtocolVersion protocol) {
		return connect(protocol, Duration.ofSeconds(5));
	}

	RedisClient client(ClientOptions.Builder options, Duration timeout) {
		RedisClient client = RedisClient.create(resources,
				RedisURI.builder().withHost("127.0.0.1").withPort(this.proxy.port()).withTimeout(timeout).build());
		client.setOptions(options.build());
		this.clients.add(client);
		return client;
	}

	/**
	 * Return the live threads of a proxy.
	 */
	static Set<String> threadsOf(FaultProxy proxy) {
		String prefix = "fault-proxy-" + proxy.port() + "-";
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> name.startsWith(prefix))
			.collect(Collectors.toSet());
	}

}
