// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockNameCustomizer;
import io.github.redislock.reactive.ReactiveLockTemplate;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A {@link LockNameCustomizer} that reads the caller's thread (a tenant in a
 * {@code ThreadLocal}) names the locks of {@code Mono} methods and of
 * {@link ReactiveLockTemplate} as it names blocking ones: on the thread that called the
 * method or asked for the lock, whichever thread subscribes, so that one tenant's calls
 * of one key always meet on one lock.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
class ReactiveLocksAreNamedOnTheCallersThreadTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	static final ThreadLocal<String> tenant = new ThreadLocal<>();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private LockApplications applications;

	@BeforeAll
	static void startServer() {
		server = redis.standalone();
	}

	@BeforeEach
	void newInstances() {
		this.applications = new LockApplications(server);
	}

	@AfterEach
	void stopInstances() {
		tenant.remove();
		this.applications.close();
	}

	@Test
	void monoMethodSubscribedOnAnotherThreadLocksUnderTheTenantOfTheThreadThatCalledIt() {
		Orders orders = this.applications.start(ThreadTenant.class).getBean(Orders.class);
		tenant.set("acme");
		Mono<String> held = orders.hold("8");
		tenant.set("globex");
		assertThat(held.subscribeOn(Schedulers.parallel()).block(TIMEOUT)).isEqualTo("acme:order:8");
		assertThat(this.applications.lockKeys()).isEmpty();
	}

	@Test
	void templateLeaseSubscribedOnAnotherThreadIsNamedForTheThreadThatAskedForIt() {
		ConfigurableApplicationContext context = this.applications.start(ThreadTenant.class);
		ReactiveLockTemplate template = new ReactiveLockTemplate(context.getBean(LockClient.class));
		tenant.set("acme");
		Mono<LockLease> acquired = template.acquire(LockDefinition.of("report", Duration.ofSeconds(30), Duration.ZERO));
		tenant.remove();
		LockLease lease = acquired.subscribeOn(Schedulers.parallel()).block(TIMEOUT);
		assertThat(lease).isNotNull();
		try {
			assertThat(lease.getName()).isEqualTo("acme:report");
			assertThat(this.applications.lockKeys()).contains("lock:{acme:report}");
		}
		finally {
			lease.release().toCompletableFuture().join();
		}
	}

	@Test
	void nestedMonoMethodOnTheSameKeyRunsUnderTheOuterLeaseOfTheCustomizedName() {
		Orders orders = this.applications.start(FixedTenant.class).getBean(Orders.class);
		assertThat(orders.outerThenHold("9").block(TIMEOUT)).isEqualTo("globex:order:9");
		assertThat(this.applications.lockKeys()).isEmpty();
	}

	@Test
	void customizerThatGivesNoNameIsNamedInTheErrorAndNothingIsLocked() {
		Orders orders = this.applications.start(NoName.class).getBean(Orders.class);
		assertThatIllegalStateException().isThrownBy(() -> orders.hold("10").block(TIMEOUT))
			.withMessage("LockNameCustomizer " + NoNameCustomizer.class.getName()
					+ " turned lock name 'order:10' into null");
		assertThat(this.applications.lockKeys()).isEmpty();
	}

	static class Orders {

		private final AtomicReference<Orders> self = new AtomicReference<>();

		void setSelf(Orders self) {
			this.self.set(self);
		}

		/** The name of the lease the method runs under. */
		@RedisLock(key = "'order:' + #id", waitTime = 0)
		public Mono<String> hold(String id) {
			return LockContext.currentLease().map(LockLease::getName);
		}

		@RedisLock(key = "'order:' + #id", waitTime = 0)
		public Mono<String> outerThenHold(String id) {
			return this.self.get().hold(id);
		}

	}

	static class NoNameCustomizer implements LockNameCustomizer {

		@Override
		public String customize(String name) {
			return null;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ThreadTenant {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		LockNameCustomizer tenantOfTheThread() {
			return (name) -> tenant.get() + ":" + name;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class FixedTenant {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		LockNameCustomizer globex() {
			return (name) -> "globex:" + name;
		}

		@Bean
		Object selfInjection(Orders orders) {
			orders.setSelf(orders);
			return new Object();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class NoName {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		LockNameCustomizer noName() {
			return new NoNameCustomizer();
		}

	}

}
