// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisReplicationGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * One {@code catch (LockException ex)} sees every failure the library reports about a
 * lock at run time: every exception type it declares is a {@link LockException} in this
 * package, except the {@link InvalidLockConfigurationException} that stops start-up; and
 * each run-time failure, driven for real against Redis servers on loopback, through the
 * blocking and the asynchronous API, arrives as a {@code LockException} naming its lock.
 *
 * @author redis-lock contributors
 */
class EveryRunTimeLockFailureIsALockExceptionTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
	}

	@Test
	void everyExceptionTypeTheLibraryDeclaresIsALockExceptionInCoreOrTheStartUpFailure() throws Exception {
		List<Class<?>> declared = declaredThrowables();
		assertThat(declared).as("public exception types of the library")
			.contains(LockException.class, LockAcquisitionException.class, LockLostException.class,
					LockStoreException.class, LockClientClosedException.class, LockKeyEvaluationException.class,
					InvalidLockConfigurationException.class);
		assertThat(declared).allSatisfy((type) -> {
			assertThat(type.getPackageName()).as("package of %s", type.getName())
				.isEqualTo(LockException.class.getPackageName());
			assertThat(LockException.class.isAssignableFrom(type) || type == InvalidLockConfigurationException.class)
				.as("%s is a LockException or the start-up failure", type.getName())
				.isTrue();
		});
		assertThat(LockException.class.isAssignableFrom(InvalidLockConfigurationException.class))
			.as("the start-up failure is not a LockException")
			.isFalse();
	}

	@Test
	void aBusyLock() {
		RedisLockStore store = store(this.redis.standalone());
		DefaultLockClient holder = client(store);
		DefaultLockClient waiter = client(store);
		LockDefinition busy = LockDefinition.of("busy", LEASE, Duration.ZERO);
		assertThat(LockOperations.of(holder).tryAcquire(busy)).isPresent();

		assertLockFailure(catchThrowable(() -> LockOperations.of(waiter).execute(busy, () -> "ran")), "busy");
		assertLockFailure(async(
				LockOperations.of(waiter).executeAsync(busy, (lease) -> CompletableFuture.completedFuture("ran"))),
				"busy");
	}

	@Test
	void aStoreThatCannotBeReached() {
		RedisNode server = this.redis.standalone();
		DefaultLockClient client = client(store(server));
		LockDefinition unreachable = LockDefinition.of("unreachable", LEASE, Duration.ZERO);
		server.kill();

		assertLockFailure(catchThrowable(() -> LockOperations.of(client).execute(unreachable, () -> "ran")),
				"unreachable");
		assertLockFailure(catchThrowable(() -> client.getLock("unreachable").tryLock(Duration.ZERO, LEASE, false)),
				"unreachable");
		assertLockFailure(async(client.tryAcquireAsync(unreachable)), "unreachable");
	}

	@Test
	void aLostLease() {
		RedisNode server = this.redis.standalone();
		DefaultLockClient client = client(store(server));
		LockDefinition lost = new LockDefinition("lost", LEASE, Duration.ZERO, false);

		assertLockFailure(catchThrowable(() -> LockOperations.of(client).execute(lost, () -> {
			server.command("DEL", "lock:{lost}");
			return "ran";
		})), "lost");
		assertLockFailure(async(LockOperations.of(client).executeAsync(lost, (lease) -> {
			server.command("DEL", "lock:{lost}");
			return CompletableFuture.completedFuture("ran");
		})), "lost");
	}

	@Test
	void aClosedClient() {
		DefaultLockClient client = client(store(this.redis.standalone()));
		client.close();
		LockDefinition closed = LockDefinition.of("closed", LEASE, Duration.ZERO);

		assertLockFailure(catchThrowable(() -> LockOperations.of(client).execute(closed, () -> "ran")), "closed");
		assertLockFailure(catchThrowable(() -> client.getLock("closed").tryLock(Duration.ZERO, LEASE, false)),
				"closed");
		assertLockFailure(async(client.tryAcquireAsync(closed)), "closed");
	}

	@Test
	void aWriteTooFewReplicasAcknowledged() {
		RedisReplicationGroup group = this.redis.masterWithReplicas(1);
		group.awaitReplicasInSync();
		DefaultLockClient client = client(store(group.master(), 1));
		group.replicas().get(0).pause();
		try {
			assertLockFailure(
					catchThrowable(() -> client.getLock("unacknowledged").tryLock(Duration.ZERO, LEASE, false)),
					"unacknowledged");
			assertLockFailure(async(client.tryAcquireAsync(LockDefinition.of("unacknowledged", LEASE, Duration.ZERO))),
					"unacknowledged");
		}
		finally {
			group.replicas().get(0).resume();
		}
	}

	@Test
	void aRedlockWithoutAMajority() {
		List<RedisNode> masters = this.redis.masters(3);
		List<String> nodes = masters.stream()
			.map((master) -> "redis://" + master.host() + ":" + master.port())
			.toList();
		RedlockStore store = RedlockStore.connect(nodes, "lock:", Duration.ofMillis(200), 0.01);
		this.closeables.add(store);
		DefaultLockClient client = client(store);
		masters.get(0).kill();
		masters.get(1).kill();

		assertLockFailure(catchThrowable(() -> client.getLock("minority").tryLock(Duration.ZERO, LEASE, false)),
				"minority");
		assertLockFailure(async(client.tryAcquireAsync(LockDefinition.of("minority", LEASE, Duration.ZERO))),
				"minority");
	}

	/**
	 * The exception as the caller sees it, once unwrapped from the future, is a
	 * {@code LockException} about the lock.
	 */
	private static void assertLockFailure(Throwable thrown, String name) {
		Throwable failure = ((thrown instanceof CompletionException || thrown instanceof ExecutionException)
				&& thrown.getCause() != null) ? thrown.getCause() : thrown;
		assertThat(failure).as("what the caller gets").isInstanceOf(LockException.class);
		assertThat(((LockException) failure).getLockName()).isEqualTo(name);
		assertThat(failure.getMessage()).contains("'" + name + "'");
	}

	private static Throwable async(CompletionStage<?> stage) {
		return catchThrowable(() -> stage.toCompletableFuture().get(10, TimeUnit.SECONDS));
	}

	private RedisLockStore store(RedisNode server) {
		return store(server, 0);
	}

	private RedisLockStore store(RedisNode server, int acknowledgingReplicas) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(server.host(), server.port()),
				LettuceClientConfiguration.builder().commandTimeout(COMMAND_TIMEOUT).build());
		factory.afterPropertiesSet();
		factory.start();
		this.closeables.add(factory::destroy);
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:", acknowledgingReplicas,
				Duration.ofMillis(200), false);
		this.closeables.add(store);
		return store;
	}

	private DefaultLockClient client(LockStore store) {
		DefaultLockClient client = new DefaultLockClient(store);
		this.closeables.add(client);
		return client;
	}

	/**
	 * Every public {@link Throwable} in the library's own classes, not its tests'.
	 */
	private static List<Class<?>> declaredThrowables() throws ClassNotFoundException {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {

			@Override
			protected boolean isCandidateComponent(AnnotatedBeanDefinition beanDefinition) {
				return true;
			}

		};
		scanner.addIncludeFilter(new AssignableTypeFilter(Throwable.class));
		Object library = LockException.class.getProtectionDomain().getCodeSource().getLocation();
		List<Class<?>> types = new ArrayList<>();
		for (BeanDefinition candidate : scanner.findCandidateComponents("io.github.redislock")) {
			Class<?> type = ClassUtils.forName(candidate.getBeanClassName(), null);
			if (library.equals(type.getProtectionDomain().getCodeSource().getLocation())
					&& Modifier.isPublic(type.getModifiers())) {
				types.add(type);
			}
		}
		return types;
	}

}
