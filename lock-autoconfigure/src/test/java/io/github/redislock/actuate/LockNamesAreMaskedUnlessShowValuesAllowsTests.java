// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.security.Principal;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.actuate.LocksEndpoint.HeldLockReport;
import io.github.redislock.actuate.LocksEndpoint.LocksReport;
import io.github.redislock.actuate.LocksEndpointTests.Holder;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * Lock names often carry user ids: the {@code locks} endpoint shows them, and the Redis
 * keys made of them, as {@code ******} unless
 * {@code management.endpoint.locks.show-values} allows, with Spring Boot's {@code never}
 * / {@code when-authorized} / {@code always} and {@code roles}, as for the {@code env}
 * endpoint. A lock is held and another waited for in a real Redis while each view is
 * read.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class LockNamesAreMaskedUnlessShowValuesAllowsTests {

	private static final SecurityContext ANONYMOUS = SecurityContext.NONE;

	private static final SecurityContext OPERATOR = user("operator", "OPS");

	private static final SecurityContext DEVELOPER = user("developer", "DEV");

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startRedis() {
		RedisNode server = redis.standalone();
		runner = ActuatorRunners.on(server).withPropertyValues("management.endpoints.web.exposure.include=locks");
	}

	@Test
	void namesAndKeysAreMaskedByDefaultEvenForAnAuthorizedUser() {
		runner.run((context) -> whileHeldAndWaitedFor(context.getBean(DefaultLockClient.class), () -> {
			assertMasked(context.getBean(LocksEndpoint.class).locks(ANONYMOUS));
			assertMasked(context.getBean(LocksEndpoint.class).locks(OPERATOR));
		}));
	}

	@Test
	void neverMasksForEveryone() {
		runner.withPropertyValues("management.endpoint.locks.show-values=never")
			.run((context) -> whileHeldAndWaitedFor(context.getBean(DefaultLockClient.class),
					() -> assertMasked(context.getBean(LocksEndpoint.class).locks(OPERATOR))));
	}

	@Test
	void alwaysShowsToEveryone() {
		runner.withPropertyValues("management.endpoint.locks.show-values=always")
			.run((context) -> whileHeldAndWaitedFor(context.getBean(DefaultLockClient.class),
					() -> assertShown(context.getBean(LocksEndpoint.class).locks(ANONYMOUS))));
	}

	@Test
	void whenAuthorizedShowsToAnyAuthenticatedUserWhenNoRolesAreSet() {
		runner.withPropertyValues("management.endpoint.locks.show-values=when-authorized")
			.run((context) -> whileHeldAndWaitedFor(context.getBean(DefaultLockClient.class), () -> {
				LocksEndpoint locks = context.getBean(LocksEndpoint.class);
				assertMasked(locks.locks(ANONYMOUS));
				assertShown(locks.locks(DEVELOPER));
			}));
	}

	@Test
	void whenAuthorizedWithRolesShowsOnlyToUsersInOneOfThem() {
		runner
			.withPropertyValues("management.endpoint.locks.show-values=when-authorized",
					"management.endpoint.locks.roles=OPS,ADMIN")
			.run((context) -> whileHeldAndWaitedFor(context.getBean(DefaultLockClient.class), () -> {
				LocksEndpoint locks = context.getBean(LocksEndpoint.class);
				assertMasked(locks.locks(ANONYMOUS));
				assertMasked(locks.locks(DEVELOPER));
				assertShown(locks.locks(OPERATOR));
			}));
	}

	private static void assertMasked(LocksReport report) {
		assertThat(report.held()).singleElement().satisfies((held) -> {
			assertThat(held.name()).isEqualTo("******");
			assertThat(held.key()).isEqualTo("******");
			assertThat(held.holdCount()).isEqualTo(1);
		});
		assertThat(report.waits()).containsExactly(new WaiterView("******", 1, false));
	}

	private static void assertShown(LocksReport report) {
		assertThat(report.held()).extracting(HeldLockReport::name, HeldLockReport::key)
			.containsExactly(tuple("order:user-42", "lock:{order:user-42}"));
		assertThat(report.waits()).containsExactly(new WaiterView("order:user-42", 1, false));
	}

	/**
	 * Hold {@code order:user-42} on a thread, wait for it on another, and run the check
	 * once the wait is visible.
	 */
	private static void whileHeldAndWaitedFor(DefaultLockClient client, Check check) throws Exception {
		Holder holder = Holder.start(client, "order:user-42");
		DistributedLock lock = client.getLock("order:user-42");
		CompletableFuture<Boolean> waited = new CompletableFuture<>();
		Thread waiter = new Thread(() -> {
			try {
				boolean taken = lock.tryLock(Duration.ofSeconds(30), Duration.ofSeconds(20), false);
				if (taken) {
					lock.unlock();
				}
				waited.complete(taken);
			}
			catch (Throwable ex) {
				waited.completeExceptionally(ex);
			}
		}, "waiter");
		waiter.start();
		try {
			await().atMost(Duration.ofSeconds(10))
				.until(() -> client.waits().stream().anyMatch((wait) -> wait.waitingThreads() == 1));
			check.run();
		}
		finally {
			holder.release();
			assertThat(waited.get(30, TimeUnit.SECONDS)).isTrue();
		}
	}

	private static SecurityContext user(String name, String... roles) {
		Principal principal = () -> name;
		Set<String> granted = Set.of(roles);
		return new SecurityContext() {

			@Override
			public @Nullable Principal getPrincipal() {
				return principal;
			}

			@Override
			public boolean isUserInRole(String role) {
				return granted.contains(role);
			}

		};
	}

	@FunctionalInterface
	interface Check {

		void run() throws Exception;

	}

}
