// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.LockClientProbe;
import io.github.redislock.testsupport.RedisNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The lock's contract, run against each Redis topology it supports: every subclass starts
 * one topology and names its client configuration and data nodes.
 *
 * @author redis-lock contributors
 */
abstract class AbstractRedisLockContractTests {

	private final List<LockClientInstance> instances = new ArrayList<>();

	/**
	 * Return how an application connects to the topology.
	 * @return the client configuration
	 */
	protected abstract RedisConfiguration redisConfiguration();

	/**
	 * Return the nodes that hold data or subscriptions, to check what is left behind.
	 * @return the data nodes
	 */
	protected abstract List<RedisNode> dataNodes();

	LockClientInstance startInstance() {
		LockClientInstance instance = LockClientInstance.on(redisConfiguration())
			.backoff(new LockBackoff(Duration.ofSeconds(5), 1.0, Duration.ofSeconds(5), 0.0))
			.commandTimeout(Duration.ofSeconds(5))
			.start();
		this.instances.add(instance);
		return instance;
	}

	@AfterEach
	void nothingIsLeftBehind() {
		try {
			for (LockClientInstance instance : this.instances) {
				assertThat(LockClientProbe.renewalCount(instance.client)).isZero();
				assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
			}
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				for (RedisNode node : dataNodes()) {
					assertThat(strings(node.command("PUBSUB", "CHANNELS", "lock:*"))).as("channels on %s", node)
						.isEmpty();
					if (isMaster(node)) {
						assertThat(strings(node.command("KEYS", "lock:*"))).as("keys on %s", node)
							.allMatch((key) -> key.endsWith(":fence-counter") || key.endsWith(":released-by"));
					}
				}
			});
		}
		finally {
			this.instances.forEach(LockClientInstance::close);
			this.instances.clear();
		}
	}

	@Test
	void readModifyWriteUnderTheLockFromTwoInstancesEndsExact() throws Exception {
		List<LockClientInstance> both = List.of(startInstance(), startInstance());
		CounterWorkload workload = new CounterWorkload("test:counter:{counted}", "counted", 8, 50);
		int maxOccupancy = workload.run(both);
		assertThat(both.get(0).redis.opsForValue().get(workload.counterKey()))
			.isEqualTo(Integer.toString(workload.expectedCount(both.size())));
		assertThat(maxOccupancy).isEqualTo(1);
		both.get(0).redis.delete(workload.counterKey());
	}

	@Test
	void namesWithBracesArePlainDistinctLocks() throws Exception {
		LockClientInstance first = startInstance();
		LockClientInstance second = startInstance();
		List<String> names = List.of("{", "}", "}{", "{order}:42", "a}b{c", "%7B", "%", "{}");
		List<DistributedLock> held = new ArrayList<>();
		for (String name : names) {
			DistributedLock lock = first.client.getLock(name);
			assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).as(name).isTrue();
			held.add(lock);
		}
		for (String name : names) {
			assertThat(LockProbe.isFree(second.client.getLock(name), Duration.ZERO)).as("%s is held", name).isFalse();
		}
		for (DistributedLock lock : held) {
			lock.unlock();
		}
		for (String name : names) {
			assertThat(LockProbe.isFree(second.client.getLock(name), Duration.ZERO)).as("%s is free", name).isTrue();
		}
	}

	@Test
	void releaseWakesAWaiterInAnotherInstance() throws Exception {
		LockClientInstance holder = startInstance();
		LockClientInstance waiter = startInstance();
		DistributedLock lock = holder.client.getLock("handed-over");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		long token = lock.getFencingToken();
		CompletableFuture<Long> next = CompletableFuture.supplyAsync(() -> {
			DistributedLock other = waiter.client.getLock("handed-over");
			try {
				if (!other.tryLock(Duration.ofSeconds(30), Duration.ofSeconds(10), true)) {
					return -1L;
				}
				long started = System.nanoTime();
				try {
					return other.getFencingToken();
				}
				finally {
					other.unlock();
					assertThat(System.nanoTime() - started).isPositive();
				}
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		await().atMost(Duration.ofSeconds(10))
			.until(() -> dataNodes().stream()
				.anyMatch((node) -> !strings(node.command("PUBSUB", "CHANNELS", "lock:*")).isEmpty()));
		long releasedAt = System.nanoTime();
		lock.unlock();
		long nextToken = next.get(20, TimeUnit.SECONDS);
		long handoffMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - releasedAt);
		assertThat(nextToken).isGreaterThan(token);
		assertThat(handoffMillis).as("woken by the release, not by the 5 s backoff").isLessThan(3000);
	}

	@Test
	void renewalKeepsManyLocksHeldForThreeLeases() throws Exception {
		LockClientInstance holder = startInstance();
		LockClientInstance contender = startInstance();
		Duration lease = Duration.ofMillis(1500);
		List<DistributedLock> held = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			DistributedLock lock = holder.client.getLock("renewed:" + i);
			assertThat(lock.tryLock(Duration.ZERO, lease, true)).isTrue();
			held.add(lock);
		}
		long until = System.nanoTime() + lease.multipliedBy(3).toNanos();
		for (int round = 0; round < 100 && System.nanoTime() - until < 0; round++) {
			assertThat(LockProbe.isFree(contender.client.getLock("renewed:" + (round % 20)), Duration.ofMillis(50)))
				.isFalse();
		}
		assertThat(held).allMatch(DistributedLock::isHeldByCurrentThread);
		assertThat(holder.lostEvents).isEmpty();
		held.forEach(DistributedLock::unlock);
	}

	private static boolean isMaster(RedisNode node) {
		return "master".equals(node.info("replication").get("role"));
	}

	static List<String> strings(Object reply) {
		List<String> result = new ArrayList<>();
		if (reply instanceof List<?> list) {
			list.forEach((item) -> result.add(String.valueOf(item)));
		}
		return result;
	}

}
