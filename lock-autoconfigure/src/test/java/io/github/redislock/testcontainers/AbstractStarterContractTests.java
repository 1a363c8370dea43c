// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testcontainers.ContractApplication.LockedCounter;
import io.github.redislock.testcontainers.ContractApplication.LockedWork;
import io.github.redislock.testcontainers.ContractApplication.NestedWork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.testcontainers.containers.ContainerState;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The starter's core promises, kept by two Spring Boot applications that share a Redis
 * container and know it only through {@code @ServiceConnection}, as a user's tests wire
 * one: no {@code spring.data.redis.*} is set. A subclass per Redis image declares the
 * container, so that the same contract runs on every supported Redis line.
 * <p>
 * Both instances retry a busy lock only every three seconds, far slower than the default:
 * a waiter that gets the lock within a second of its release was woken by the release,
 * not by its own retry.
 *
 * @author redis-lock contributors
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractStarterContractTests {

	private static final Duration RETRY_DELAY = Duration.ofSeconds(3);

	private final RedisImage image;

	/**
	 * Only the container's state: Spring Boot imports every field of a {@code Container}
	 * type of the class, this one's included, and wants them static.
	 */
	private final ContainerState redis;

	private final Class<?> serviceConnections;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private ConfigurableApplicationContext one;

	private ConfigurableApplicationContext two;

	/**
	 * Create the contract for one image.
	 * @param image the image that the container runs
	 * @param redis the container, started by Testcontainers for the class
	 * @param serviceConnections a class that imports the container, with its
	 * {@code @ServiceConnection}, into each application
	 */
	protected AbstractStarterContractTests(RedisImage image, ContainerState redis, Class<?> serviceConnections) {
		this.image = image;
		this.redis = redis;
		this.serviceConnections = serviceConnections;
	}

	@BeforeAll
	void startTwoInstances() {
		this.one = startInstance();
		this.two = startInstance();
	}

	@AfterAll
	void stopInstances() {
		this.executor.shutdownNow();
		for (ConfigurableApplicationContext instance : new ConfigurableApplicationContext[] { this.two, this.one }) {
			if (instance != null) {
				instance.close();
			}
		}
	}

	@AfterEach
	void noLockKeyIsLeftBehind() {
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(lockKeys()).isEmpty());
	}

	@Test
	void eachInstanceReachesTheContainerThroughItsServiceConnectionAlone() {
		for (ConfigurableApplicationContext instance : List.of(this.one, this.two)) {
			assertThat(instance.getEnvironment().containsProperty("spring.data.redis.host")).isFalse();
			assertThat(instance.getEnvironment().containsProperty("spring.data.redis.port")).isFalse();
			assertThat(instance.getEnvironment().containsProperty("spring.data.redis.url")).isFalse();
			LettuceConnectionFactory factory = (LettuceConnectionFactory) instance
				.getBean(RedisConnectionFactory.class);
			assertThat(factory.getHostName()).isEqualTo(this.redis.getHost());
			assertThat(factory.getPort()).isEqualTo(this.redis.getMappedPort(LoopbackRedisContainer.REDIS_PORT));
		}
		Properties server = redis(this.one)
			.execute((RedisCallback<Properties>) (connection) -> connection.serverCommands().info("server"));
		assertThat(server).isNotNull();
		assertThat(server.getProperty("redis_version")).as("Redis version of image %s", this.image.imageName())
			.startsWith(this.image.versionPrefix());
	}

	@Test
	void lockedReadModifyWriteFromTwoInstancesAndEightThreadsEndsExact() throws Exception {
		String key = "contract:counter";
		redis(this.one).delete(key);
		LockedCounter.resetMostAtOnce();
		int threads = 8;
		int incrementsPerThread = 25;
		CountDownLatch start = new CountDownLatch(1);
		List<Future<?>> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			LockedCounter counter = ((t % 2 == 0) ? this.one : this.two).getBean(LockedCounter.class);
			workers.add(this.executor.submit(() -> {
				start.await();
				for (int i = 0; i < incrementsPerThread; i++) {
					counter.increment(key);
				}
				return null;
			}));
		}
		start.countDown();
		for (Future<?> worker : workers) {
			worker.get(2, TimeUnit.MINUTES);
		}
		assertThat(redis(this.one).opsForValue().get(key)).isEqualTo(Integer.toString(threads * incrementsPerThread));
		assertThat(LockedCounter.mostAtOnce()).isEqualTo(1);
		redis(this.one).delete(key);
	}

	@Test
	void busyLockIsNotAcquiredAfterTheWaitTimeAndTheMethodDoesNotRun() throws Exception {
		String name = "contract:busy";
		try (Held held = hold(this.two, name)) {
			LockedWork work = this.one.getBean(LockedWork.class);
			long start = System.nanoTime();
			assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> work.tryBriefly(name))
				.satisfies((ex) -> {
					assertThat(ex.getLockName()).isEqualTo(name);
					assertThat(ex.getWaitTime()).isEqualTo(Duration.ofMillis(ContractApplication.BRIEF_WAIT_MILLIS));
					assertThat(ex.getMethod().getName()).isEqualTo("tryBriefly");
				});
			assertThat(Duration.ofNanos(System.nanoTime() - start))
				.isGreaterThanOrEqualTo(Duration.ofMillis(ContractApplication.BRIEF_WAIT_MILLIS))
				.isLessThan(RETRY_DELAY);
			assertThat(work.briefCalls()).isZero();
		}
	}

	@Test
	void waiterIsWokenByTheHoldersReleaseLongBeforeItsWaitTimeRunsOut() throws Exception {
		String name = "contract:wake";
		Future<Long> entered;
		long released;
		try (Held held = hold(this.two, name)) {
			LockedWork waiter = this.one.getBean(LockedWork.class);
			entered = this.executor.submit(() -> waiter.enterPatiently(name));
			String waitersKey = "lock:{" + name + "}:waiters";
			await().atMost(Duration.ofSeconds(10)).until(() -> Boolean.TRUE.equals(redis(this.one).hasKey(waitersKey)));
			assertThat(entered).isNotDone();
			// Released as the waiter starts its first pause: a retry would come seconds
			// later.
			released = System.nanoTime();
		}
		Duration wokenAfter = Duration
			.ofNanos(entered.get(ContractApplication.PATIENT_WAIT_SECONDS, TimeUnit.SECONDS) - released);
		assertThat(wokenAfter).as("from release to entry, with a retry every %s", RETRY_DELAY)
			.isLessThan(Duration.ofSeconds(1));
	}

	@Test
	void nestedCallOnTheSameKeyReentersAndOnlyTheOutermostReleases() throws Exception {
		String name = "contract:nested";
		int[] holdCounts = this.one.getBean(NestedWork.class).outer(name);
		assertThat(holdCounts).containsExactly(2, 1);
		assertThat(lockKeys()).isEmpty();
		assertThat(this.two.getBean(LockedWork.class).fencingToken(name)).isPositive();
	}

	@Test
	void expiredLeaseOfAHolderThatDoesNotRenewFreesTheLockForAnotherInstance() throws Exception {
		String name = "contract:expiry";
		CountDownLatch holderEntered = new CountDownLatch(1);
		CountDownLatch holderFinish = new CountDownLatch(1);
		LockedWork holder = this.one.getBean(LockedWork.class);
		// The lease runs from the acquisition, which comes after this instant.
		long beforeHolder = System.nanoTime();
		Future<?> holding = this.executor.submit(() -> holder.holdPastLease(name, holderEntered, holderFinish));
		try {
			assertThat(holderEntered.await(10, TimeUnit.SECONDS)).isTrue();
			long otherIn = this.two.getBean(LockedWork.class).enterPatiently(name);
			assertThat(holding).as("the first holder is still inside its method").isNotDone();
			// Redis expires keys on its millisecond clock, which may round the lease down
			// by 1 ms.
			assertThat(Duration.ofNanos(otherIn - beforeHolder))
				.isGreaterThanOrEqualTo(Duration.ofMillis(ContractApplication.SHORT_LEASE_MILLIS - 1));
		}
		finally {
			holderFinish.countDown();
		}
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> holding.get(10, TimeUnit.SECONDS))
			.withCauseInstanceOf(LockLostException.class);
	}

	@Test
	void renewalKeepsTheLockThreeLeasesPastItsLease() throws Exception {
		String name = "contract:renewal";
		CountDownLatch holderEntered = new CountDownLatch(1);
		CountDownLatch holderFinish = new CountDownLatch(1);
		LockedWork holder = this.one.getBean(LockedWork.class);
		Future<?> holding = this.executor.submit(() -> holder.holdRenewed(name, holderEntered, holderFinish));
		try {
			assertThat(holderEntered.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(redis(this.one).getExpire("lock:{" + name + "}", TimeUnit.MILLISECONDS))
				.as("remaining lease in Redis")
				.isPositive()
				.isLessThanOrEqualTo(ContractApplication.SHORT_LEASE_MILLIS);
			LockedWork other = this.two.getBean(LockedWork.class);
			long start = System.nanoTime();
			assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> other.outwait(name));
			assertThat(Duration.ofNanos(System.nanoTime() - start))
				.isGreaterThanOrEqualTo(Duration.ofMillis(ContractApplication.THREE_LEASES_MILLIS));
			assertThat(holding).isNotDone();
		}
		finally {
			holderFinish.countDown();
		}
		holding.get(10, TimeUnit.SECONDS);
	}

	@Test
	void fencingTokensIncreaseWithEveryAcquisitionAcrossInstances() {
		String name = "contract:fence";
		List<Long> tokens = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			tokens.add(((i % 2 == 0) ? this.one : this.two).getBean(LockedWork.class).fencingToken(name));
		}
		assertThat(tokens).doesNotHaveDuplicates().isSorted();
	}

	@Test
	void lockKeyLivesWithItsLeaseWhileTheLockIsHeldAndIsGoneAfterRelease() throws Exception {
		String name = "contract:keys";
		String lockKey = "lock:{" + name + "}";
		try (Held held = hold(this.one, name)) {
			assertThat(redis(this.two).keys(lockKey + "*")).containsExactly(lockKey);
			assertThat(redis(this.two).getExpire(lockKey, TimeUnit.MILLISECONDS)).isPositive()
				.isLessThanOrEqualTo(Duration.ofSeconds(30).toMillis());
		}
		assertThat(redis(this.two).keys(lockKey + "*")).allMatch((key) -> key.endsWith(":released-by"));
	}

	private ConfigurableApplicationContext startInstance() {
		return new SpringApplicationBuilder(ContractApplication.class, this.serviceConnections)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "redis-lock.retry.delay=" + RETRY_DELAY.toMillis() + "ms",
					"redis-lock.retry.max-delay=" + RETRY_DELAY.toMillis() + "ms")
			.run();
	}

	private Held hold(ConfigurableApplicationContext instance, String name) throws InterruptedException {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		LockedWork work = instance.getBean(LockedWork.class);
		Future<?> holding = this.executor.submit(() -> work.hold(name, entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).as("%s taken", name).isTrue();
		return new Held(finish, holding);
	}

	/**
	 * Return the keys under the lock prefix, fence keys aside: those outlive their locks,
	 * so that tokens keep increasing.
	 */
	private Set<String> lockKeys() {
		Set<String> keys = redis(this.one).keys("lock:*");
		keys.removeIf((key) -> key.endsWith(":fence-counter") || key.endsWith(":released-by"));
		return keys;
	}

	private static StringRedisTemplate redis(ConfigurableApplicationContext instance) {
		return instance.getBean(StringRedisTemplate.class);
	}

	/**
	 * A lock held by a method on another thread until closed.
	 */
	private record Held(CountDownLatch finish, Future<?> holding) implements AutoCloseable {

		@Override
		public void close() throws Exception {
			this.finish.countDown();
			this.holding.get(10, TimeUnit.SECONDS);
		}

	}

}
