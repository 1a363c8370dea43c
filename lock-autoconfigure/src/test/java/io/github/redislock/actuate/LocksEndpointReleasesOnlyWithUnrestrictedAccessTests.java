// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;

import io.github.redislock.actuate.LocksEndpoint.LockRelease;
import io.github.redislock.actuate.LocksEndpointTests.Holder;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jmx.JmxEndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.InvocationContext;
import org.springframework.boot.actuate.endpoint.OperationType;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.jmx.ExposableJmxEndpoint;
import org.springframework.boot.actuate.endpoint.jmx.JmxEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.jmx.JmxOperation;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.MergedAnnotations;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An exposed {@code locks} endpoint is read-only, as Spring Boot makes it from the
 * endpoint's default access: its release operation, which breaks mutual exclusion on
 * purpose, is offered only once {@code management.endpoint.locks.access} is
 * {@code unrestricted}. Read through the operations Actuator itself discovers and filters
 * (those it exports over JMX, which, unlike the web, needs no server), with the lock held
 * in a real Redis.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class LocksEndpointReleasesOnlyWithUnrestrictedAccessTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startRedis() {
		server = redis.standalone();
		runner = ActuatorRunners.on(server)
			.withConfiguration(
					AutoConfigurations.of(EndpointAutoConfiguration.class, JmxEndpointAutoConfiguration.class))
			.withBean(MBeanServer.class, MBeanServerFactory::newMBeanServer)
			.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=locks");
	}

	@Test
	void anExposedEndpointOffersOnlyItsReadOperationAndTheLockStaysHeld() {
		runner.run((context) -> {
			Holder holder = Holder.start(context.getBean(LockClient.class), "stuck");
			String value = String.valueOf(server.command("GET", "lock:{stuck}"));

			assertThat(operations(context)).containsOnlyKeys(OperationType.READ);

			assertThat(server.command("GET", "lock:{stuck}")).as("the lock is still held").isEqualTo(value);
			assertThat(holder.release()).isNull();
		});
	}

	@Test
	void readOnlyAccessSaidOutrightOffersNoReleaseEither() {
		runner.withPropertyValues("management.endpoint.locks.access=read-only")
			.run((context) -> assertThat(operations(context)).containsOnlyKeys(OperationType.READ));
	}

	@Test
	void unrestrictedAccessOffersTheReleaseWhichFreesTheLock() {
		runner.withPropertyValues("management.endpoint.locks.access=unrestricted").run((context) -> {
			Holder holder = Holder.start(context.getBean(LockClient.class), "stuck");
			Map<OperationType, JmxOperation> operations = operations(context);
			assertThat(operations).containsOnlyKeys(OperationType.READ, OperationType.DELETE);

			Object release = operations.get(OperationType.DELETE)
				.invoke(new InvocationContext(SecurityContext.NONE, Map.of("name", "stuck")));

			assertThat(release).isInstanceOfSatisfying(LockRelease.class,
					(released) -> assertThat(released.released()).isTrue());
			assertThat(server.command("GET", "lock:{stuck}")).isNull();
			assertThat(holder.release()).isInstanceOf(LockLostException.class);
		});
	}

	@Test
	void withoutAccessLevelsAsOnSpringBoot33TheReleaseIsThereOnlyWhenTheAccessPropertyAsksForIt() {
		// Spring Boot 3.3 has no Access type: the endpoint's class then decides.
		ApplicationContextRunner withoutAccess = ActuatorRunners.on(server)
			.withClassLoader(new FilteredClassLoader(Access.class))
			.withPropertyValues("management.endpoints.web.exposure.include=locks");
		withoutAccess.run((context) -> assertThat(context).getBean(LocksEndpoint.class)
			.satisfies((endpoint) -> assertThat(releaseOperations(endpoint)).isEmpty()));
		withoutAccess.withPropertyValues("management.endpoint.locks.access=unrestricted")
			.run((context) -> assertThat(context).getBean(LocksEndpoint.class)
				.satisfies((endpoint) -> assertThat(releaseOperations(endpoint)).containsExactly("release")));
		withoutAccess.withPropertyValues("management.endpoint.locks.access=read-only")
			.run((context) -> assertThat(context).getBean(LocksEndpoint.class)
				.satisfies((endpoint) -> assertThat(releaseOperations(endpoint)).isEmpty()));
	}

	private static Map<OperationType, JmxOperation> operations(ApplicationContext context) {
		ExposableJmxEndpoint locks = context.getBean(JmxEndpointsSupplier.class)
			.getEndpoints()
			.stream()
			.filter((endpoint) -> endpoint.getEndpointId().toString().equals("locks"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("Actuator discovered no locks endpoint"));
		return locks.getOperations()
			.stream()
			.collect(Collectors.toMap(JmxOperation::getType, (operation) -> operation));
	}

	private static String[] releaseOperations(Object endpoint) {
		return Arrays.stream(endpoint.getClass().getMethods())
			.filter((method) -> MergedAnnotations.from(method).isPresent(DeleteOperation.class))
			.map((method) -> method.getName())
			.toArray(String[]::new);
	}

}
