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
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Asynchronous holders of two instances on one Redlock name: every wait is the
 * acquisition protocol's chain of attempts, woken by the release notifications of five
 * masters at once, and a wake-up that races a scheduled attempt must not start a second
 * attempt beside it, whose late grant would be given back under the holder.
 *
 * @author redis-lock contributors
 */
class AsynchronousHoldersOnARedlockExcludeEachOtherTests {

	private static final Duration LEASE = Duration.ofSeconds(2);

	private static final int HOLDERS_PER_INSTANCE = 8;

	private static final int SECTIONS_PER_HOLDER = 60;

	private static final Duration BOUND = Duration.ofSeconds(120);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	@Test
	void aCounterIncrementedUnderAsynchronousLeasesEndsExact() throws Exception {
		List<RedisNode> masters = redis.masters(5);
		List<DefaultLockClient> instances = List.of(instance(masters), instance(masters));
		long[] counter = { 0 };
		AtomicLong sections = new AtomicLong();
		AtomicLong refused = new AtomicLong();
		LockDefinition definition = new LockDefinition("async-counter", LEASE, Duration.ofSeconds(10), true);
		long deadline = System.nanoTime() + BOUND.toNanos();
		List<CompletableFuture<Void>> holders = new ArrayList<>();
		for (DefaultLockClient client : instances) {
			for (int h = 0; h < HOLDERS_PER_INSTANCE; h++) {
				holders.add(CompletableFuture.runAsync(() -> {
					for (int i = 0; i < SECTIONS_PER_HOLDER && System.nanoTime() < deadline; i++) {
						Optional<LockLease> lease = client.tryAcquireAsync(definition).toCompletableFuture().join();
						if (lease.isEmpty()) {
							refused.incrementAndGet();
							continue;
						}
						try {
							long read = counter[0];
							sleepBriefly();
							counter[0] = read + 1;
							sections.incrementAndGet();
						}
						finally {
							lease.get().release().toCompletableFuture().join();
						}
					}
				}, runnable -> new Thread(runnable).start()));
			}
		}
		CompletableFuture.allOf(holders.toArray(CompletableFuture[]::new))
			.get(BOUND.toSeconds() + 30, TimeUnit.SECONDS);
		synchronized (counter) {
			assertThat(counter[0]).as("counter after %d sections, %d refused", sections.get(), refused.get())
				.isEqualTo(sections.get());
		}
		assertThat(sections.get()).as("sections completed").isGreaterThan(HOLDERS_PER_INSTANCE);
	}

	private DefaultLockClient instance(List<RedisNode> masters) {
		RedlockNodes nodes = RedlockNodes.on(masters);
		DefaultLockClient client = nodes.client(LEASE, (event) -> {
		});
		this.closeables.add(0, nodes);
		this.closeables.add(0, client);
		return client;
	}

	private static void sleepBriefly() {
		try {
			Thread.sleep(1);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
