// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.testsupport.RedisNode;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * Starts application instances the way a user's service would run: a Spring Boot
 * application with Spring Boot's Redis auto-configuration and ours, against a real
 * {@code redis-server}. Each instance has its own connection factory and lock client, as
 * separate processes would.
 *
 * @author redis-lock contributors
 */
final class LockApplications implements AutoCloseable {

	private final RedisNode server;

	private final String[] connectionProperties;

	private final List<ConfigurableApplicationContext> started = new ArrayList<>();

	/**
	 * Run instances against a standalone server.
	 * @param server the server, whose lock keys {@link #lockKeys()} lists
	 */
	LockApplications(RedisNode server) {
		this(server, "spring.data.redis.host=" + RedisNode.HOST, "spring.data.redis.port=" + server.port());
	}

	/**
	 * Run instances with the given connection properties.
	 * @param server a data node whose lock keys {@link #lockKeys()} lists
	 * @param connectionProperties {@code spring.data.redis.*} properties
	 */
	LockApplications(RedisNode server, String... connectionProperties) {
		this.server = server;
		this.connectionProperties = connectionProperties;
	}

	/**
	 * Start an instance.
	 * @param sources the configuration classes of the application
	 * @param properties extra properties, as {@code name=value}
	 * @return the running context, closed by {@link #close()}
	 */
	ConfigurableApplicationContext start(Class<?>[] sources, String... properties) {
		Class<?>[] all = new Class<?>[sources.length + 1];
		all[0] = Infrastructure.class;
		System.arraycopy(sources, 0, all, 1, sources.length);
		ConfigurableApplicationContext context = new SpringApplicationBuilder(all).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off")
			.properties(this.connectionProperties)
			.properties(properties)
			.run();
		this.started.add(context);
		return context;
	}

	ConfigurableApplicationContext start(Class<?> source, String... properties) {
		return start(new Class<?>[] { source }, properties);
	}

	/**
	 * Return the lock keys currently in Redis, fence keys aside.
	 * @return the lock keys
	 */
	List<String> lockKeys() {
		List<String> keys = new ArrayList<>();
		if (this.server.command("KEYS", "lock:*") instanceof List<?> list) {
			list.stream()
				.map(String::valueOf)
				.filter((key) -> !key.endsWith(":fence-counter") && !key.endsWith(":released-by"))
				.forEach(keys::add);
		}
		return keys;
	}

	@Override
	public void close() {
		this.started.forEach(ConfigurableApplicationContext::close);
		this.started.clear();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Infrastructure {

	}

}
