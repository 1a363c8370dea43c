// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.lettuce.core.event.connection.ConnectedEvent;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The connections to Redlock nodes get what Spring Boot gives the application's own
 * Lettuce connection: its client name, its {@link ClientResources} and its
 * {@code LettuceClientConfigurationBuilderCustomizer} beans.
 *
 * @author redis-lock contributors
 */
class RedlockNodesFollowTheApplicationsLettuceSetUpTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	/** Spring Boot's customizer up to 3.5, and from 4.0 on. */
	private static final String[] CUSTOMIZER = {
			"org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer",
			"org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer" };

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static List<RedisNode> masters;

	/** Built after the masters started: JUnit creates an instance per test. */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
		.withPropertyValues("redis-lock.redlock.node-timeout=2s", "redis-lock.redlock.nodes=" + String.join(",",
				masters.stream().map((master) -> "redis://" + master.host() + ":" + master.port()).toList()));

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@Test
	void nodesCarryTheApplicationsClientName() {
		this.runner.withPropertyValues("spring.data.redis.client-name=orders").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(RedlockStore.class);
			for (RedisNode master : masters) {
				awaitClients(master, " name=orders ");
			}
		});
	}

	@Test
	void aLettuceCustomizerBeanCustomizesTheNodesAfterTheProperties() {
		this.runner.withPropertyValues("spring.data.redis.client-name=orders")
			.withBean("clientNameCustomizer", customizerType(),
					RedlockNodesFollowTheApplicationsLettuceSetUpTests::customizer)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				for (RedisNode master : masters) {
					awaitClients(master, " name=customized ");
					assertThat(String.valueOf(master.command("CLIENT", "LIST"))).as(master.address())
						.doesNotContain(" name=orders ");
				}
			});
	}

	@Test
	void nodesConnectThroughTheApplicationsClientResourcesAndLeaveThemRunning() {
		this.runner.withUserConfiguration(SharedClientResources.class).run((context) -> {
			assertThat(context).hasNotFailed();
			SharedClientResources shared = context.getBean(SharedClientResources.class);
			assertThat(shared.connectedPorts).containsAll(masters.stream().map(RedisNode::port).toList());
			context.getBean(RedlockStore.class).close();
			assertThat(context.getBean(ClientResources.class).eventExecutorGroup().isShuttingDown()).isFalse();
		});
	}

	/** A busy machine may connect a node after start-up's wait for them. */
	private static void awaitClients(RedisNode master, String clientListPart) {
		await().atMost(WAIT)
			.untilAsserted(() -> assertThat(String.valueOf(master.command("CLIENT", "LIST"))).as(master.address())
				.contains(clientListPart));
	}

	@SuppressWarnings("unchecked")
	private static Class<Object> customizerType() {
		ClassLoader classLoader = RedlockNodesFollowTheApplicationsLettuceSetUpTests.class.getClassLoader();
		for (String name : CUSTOMIZER) {
			if (ClassUtils.isPresent(name, classLoader)) {
				return (Class<Object>) ClassUtils.resolveClassName(name, classLoader);
			}
		}
		throw new IllegalStateException("No LettuceClientConfigurationBuilderCustomizer on the classpath");
	}

	/** The interface moved in Spring Boot 4, and these tests compile on both lines. */
	private static Object customizer() {
		Class<?> type = customizerType();
		return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
			switch (method.getName()) {
				case "customize" -> ((LettuceClientConfigurationBuilder) args[0]).clientName("customized");
				case "equals" -> {
					return proxy == args[0];
				}
				case "hashCode" -> {
					return System.identityHashCode(proxy);
				}
				case "toString" -> {
					return "clientNameCustomizer";
				}
				default -> throw new UnsupportedOperationException(method.toString());
			}
			return null;
		});
	}

	/**
	 * Client resources of the application's, which record the servers their clients
	 * connect to.
	 */
	@Configuration(proxyBeanMethods = false)
	static class SharedClientResources {

		final Set<Integer> connectedPorts = ConcurrentHashMap.newKeySet();

		@Bean(destroyMethod = "shutdown")
		ClientResources clientResources() {
			ClientResources resources = DefaultClientResources.create();
			resources.eventBus().get().subscribe((event) -> {
				if (event instanceof ConnectedEvent connected
						&& connected.remoteAddress() instanceof InetSocketAddress address) {
					this.connectedPorts.add(address.getPort());
				}
			});
			return resources;
		}

	}

}
