/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.sample.redis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.event.SpringApplicationEvent;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Starts an {@link EmbeddedRedisServer} for an application that configures no Redis, so
 * that the sample runs with nothing but a JDK. Registered in
 * {@code META-INF/spring.factories}, it runs once the configuration files are loaded and
 * before any bean exists:
 * <ul>
 * <li>when a property says where Redis is ({@code spring.data.redis.host}, {@code port},
 * {@code url}, {@code sentinel.*} or {@code cluster.*}, in {@code application.yml}, the
 * environment or the command line), or {@code sample.embedded-redis.enabled} is
 * {@code false}, it starts nothing and Spring Boot connects as configured;</li>
 * <li>otherwise it starts a server and points {@code spring.data.redis.host} and
 * {@code spring.data.redis.port} at it.</li>
 * </ul>
 * The server is stopped after every bean of the context is destroyed, so the lock client
 * and the connection factory close against a live server, and in any case when the JVM
 * exits.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class EmbeddedRedisLauncher implements ApplicationListener<SpringApplicationEvent> {

	/**
	 * Name of the bean, and of the property source, that the launcher adds.
	 */
	public static final String NAME = "embeddedRedisServer";

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedRedisLauncher.class);

	/**
	 * The properties that say where Redis is. Others, such as
	 * {@code spring.data.redis.timeout}, tune the connection and start nothing.
	 */
	private static final List<ConfigurationPropertyName> LOCATION = Stream
		.of("host", "port", "url", "sentinel", "cluster")
		.map((name) -> ConfigurationPropertyName.of("spring.data.redis." + name))
		.toList();

	private @Nullable EmbeddedRedisServer server;

	private final Runnable stopAtExit = this::stop;

	@Override
	public void onApplicationEvent(SpringApplicationEvent event) {
		if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
			startUnlessConfigured(prepared.getEnvironment());
		}
		else if (event instanceof ApplicationPreparedEvent prepared && this.server != null) {
			stopWithContext(prepared.getApplicationContext(), this.server);
		}
		else if (event instanceof ApplicationFailedEvent) {
			stop();
		}
	}

	private void startUnlessConfigured(ConfigurableEnvironment environment) {
		if (!environment.getProperty("sample.embedded-redis.enabled", Boolean.class, true)) {
			logger.info("sample.embedded-redis.enabled is false: connecting to the Redis that spring.data.redis.* "
					+ "describes (by default localhost:6379)");
			return;
		}
		String configuredBy = redisLocation(environment);
		if (configuredBy != null) {
			logger.info("{} is set: connecting to that Redis; no embedded Redis started", configuredBy);
			return;
		}
		EmbeddedRedisServer started = EmbeddedRedisServer
			.start(environment.getProperty("sample.embedded-redis.binary"));
		this.server = started;
		SpringApplication.getShutdownHandlers().add(this.stopAtExit);
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.data.redis.host", EmbeddedRedisServer.HOST);
		properties.put("spring.data.redis.port", started.getPort());
		properties.put("info.redis.embedded", true);
		properties.put("info.redis.address", EmbeddedRedisServer.HOST + ":" + started.getPort());
		properties.put("info.redis.version", started.getBinary().version());
		properties.put("info.redis.binary", started.getBinary().toString());
		environment.getPropertySources().addFirst(new MapPropertySource(NAME, properties));
		logger.info("""
				No Redis is configured (spring.data.redis.host, port, url, sentinel or cluster), so this application
				started its own for this run:
				    {}, binary {}
				  It holds the locks only and stops with the application. To use a real Redis instead, set for example
				    SPRING_DATA_REDIS_HOST=my-redis SPRING_DATA_REDIS_PORT=6379   (environment), or
				    --spring.data.redis.url=redis://my-redis:6379                 (command line), or
				    spring.data.redis.host / spring.data.redis.port               (application.yml)""", started,
				started.getBinary());
	}

	/**
	 * Register the server as a singleton that is destroyed after every other bean: the
	 * registry destroys disposable beans in reverse order of registration, and this one
	 * is registered before the context refreshes.
	 */
	private void stopWithContext(ConfigurableApplicationContext context, EmbeddedRedisServer started) {
		context.getBeanFactory().registerSingleton(NAME, started);
		if (context.getBeanFactory() instanceof DefaultSingletonBeanRegistry registry) {
			registry.registerDisposableBean(NAME, this::stop);
		}
		else {
			context.addApplicationListener((ContextClosedEvent closed) -> stop());
		}
	}

	private synchronized void stop() {
		EmbeddedRedisServer running = this.server;
		if (running != null) {
			this.server = null;
			running.close();
			logger.info("Stopped the embedded {}", running);
			try {
				SpringApplication.getShutdownHandlers().remove(this.stopAtExit);
			}
			catch (IllegalStateException ex) {
				// The JVM is exiting: the handler is running or about to, and finds
				// nothing left to stop.
			}
		}
	}

	/**
	 * Return the property that says where Redis is, if any is set.
	 */
	private static @Nullable String redisLocation(ConfigurableEnvironment environment) {
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				ConfigurationPropertyName found = iterable.stream()
					.filter((name) -> LOCATION.stream()
						.anyMatch((location) -> location.equals(name) || location.isAncestorOf(name)))
					.findFirst()
					.orElse(null);
				if (found != null) {
					return describe(source.getConfigurationProperty(found), found);
				}
			}
		}
		return null;
	}

	private static String describe(@Nullable ConfigurationProperty property, ConfigurationPropertyName name) {
		return (property != null && property.getOrigin() != null) ? name + " (" + property.getOrigin() + ")"
				: name.toString();
	}

}
