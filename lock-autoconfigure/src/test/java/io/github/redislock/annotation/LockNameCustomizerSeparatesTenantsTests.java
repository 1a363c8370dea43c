// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockNameCustomizer;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A {@link LockNameCustomizer} bean rewrites the names of annotated and programmatic
 * locks alike before they reach Redis, so that the lock key carries the tenant: two
 * instances of different tenants on one Redis and prefix take the same lock name at once,
 * and two of the same tenant exclude each other.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
class LockNameCustomizerSeparatesTenantsTests {

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
		this.applications.close();
	}

	@Test
	void anAnnotatedAndAProgrammaticLockAreKeptUnderTheTenantsName() {
		ConfigurableApplicationContext context = this.applications.start(Tenant.class, "test.tenant=acme");

		String annotated = context.getBean(Orders.class).place("42");
		String programmatic = context.getBean(LockOperations.class)
			.execute(LockDefinition.of("report", Duration.ofSeconds(30), Duration.ZERO), () -> keysHeld());

		assertThat(annotated).isEqualTo("[lock:{acme:order:42}]");
		assertThat(programmatic).isEqualTo("[lock:{acme:report}]");
		assertThat(this.applications.lockKeys()).as("all released").isEmpty();
	}

	@Test
	void differentTenantsTakeTheSameLockNameAtOnce() {
		LockOperations acme = locks(this.applications.start(Tenant.class, "test.tenant=acme"));
		LockOperations globex = locks(this.applications.start(Tenant.class, "test.tenant=globex"));
		LockDefinition job = LockDefinition.of("nightly-job", Duration.ofSeconds(30), Duration.ZERO);

		try (AcquiredLock held = acme.tryAcquire(job).orElseThrow()) {
			Optional<AcquiredLock> other = globex.tryAcquire(job);
			assertThat(other).as("the other tenant's lock of the same name").isPresent();
			other.get().close();
		}
	}

	@Test
	void instancesOfOneTenantExcludeEachOther() throws Exception {
		LockOperations first = locks(this.applications.start(Tenant.class, "test.tenant=acme"));
		LockOperations second = locks(this.applications.start(Tenant.class, "test.tenant=acme"));
		LockDefinition job = LockDefinition.of("nightly-job", Duration.ofSeconds(30), Duration.ZERO);

		try (AcquiredLock held = first.tryAcquire(job).orElseThrow()) {
			assertThat(second.tryAcquire(job)).as("the same tenant's lock, held by the other instance").isEmpty();
		}

		int[] counter = new int[1];
		AtomicInteger inside = new AtomicInteger();
		AtomicInteger mostInside = new AtomicInteger();
		LockDefinition increment = LockDefinition.of("counter", Duration.ofSeconds(30), Duration.ofSeconds(20));
		ExecutorService threads = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> done = new ArrayList<>();
			for (LockOperations instance : List.of(first, second, first, second)) {
				done.add(threads.submit(() -> {
					for (int i = 0; i < 25; i++) {
						instance.executeWithoutResult(increment, () -> {
							mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
							int read = counter[0];
							Thread.yield();
							counter[0] = read + 1;
							inside.decrementAndGet();
						});
					}
				}));
			}
			for (Future<?> each : done) {
				each.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(mostInside).as("callers inside at once").hasValue(1);
		assertThat(counter[0]).isEqualTo(100);
	}

	@Test
	void aCustomizerThatReturnsABlankNameFailsTheCallNamingTheLock() {
		ConfigurableApplicationContext context = this.applications.start(Tenant.class, "test.tenant=acme");
		context.getBean(DefaultLockClient.class).setLockNameCustomizer((name) -> " ");
		LockDefinition report = LockDefinition.of("report", Duration.ofSeconds(30), Duration.ZERO);

		assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(LockOperations.class).execute(report, () -> "ran"))
			.withMessageContaining("turned lock name 'report' into ' '");
		assertThatIllegalStateException().isThrownBy(() -> context.getBean(Orders.class).place("42"))
			.withMessageContaining("turned lock name 'order:42' into ' '");
		assertThat(this.applications.lockKeys()).isEmpty();
	}

	/** The keys of held locks in Redis, without those of queues and fencing tokens. */
	private static String keysHeld() {
		List<String> keys = new ArrayList<>(new LockApplications(server).lockKeys());
		keys.removeIf((key) -> key.endsWith(":waiters") || key.endsWith(":queue"));
		return keys.toString();
	}

	private static LockOperations locks(ConfigurableApplicationContext context) {
		return context.getBean(LockOperations.class);
	}

	static class Orders {

		/**
		 * Return the lock keys in Redis while the method holds its lock.
		 */
		@RedisLock(key = "'order:' + #id", waitTime = 5)
		public String place(String id) {
			return keysHeld();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Tenant {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		LockNameCustomizer tenantPrefix(Environment environment) {
			String tenant = environment.getRequiredProperty("test.tenant");
			return (name) -> tenant + ":" + name;
		}

	}

}
