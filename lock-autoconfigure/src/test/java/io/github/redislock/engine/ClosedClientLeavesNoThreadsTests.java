// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import io.github.redislock.core.DistributedLock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A closed client leaves no thread of its own behind, not even an idle one kept for
 * reuse: the threads that finish store calls for interrupted threads belong to the client
 * and end with it.
 *
 * @author redis-lock contributors
 */
class ClosedClientLeavesNoThreadsTests extends InMemoryLockTestSupport {

	@Test
	void aStoreCallFinishedForAnInterruptedThreadLeavesNoThreadOnceTheClientCloses() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock lock = client.getLock("interrupted");
		Set<Thread> before = finishers();
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();

		Thread.currentThread().interrupt();
		try {
			assertThat(lock.getFencingToken()).isPositive();
			assertThat(Thread.currentThread().isInterrupted()).as("interrupt kept for the caller").isTrue();
		}
		finally {
			Thread.interrupted();
		}
		lock.unlock();
		Set<Thread> started = finishers();
		started.removeAll(before);
		assertThat(started).as("threads that finished the call").isNotEmpty();

		client.close();

		// Well within the 10 s an idle pooled thread would otherwise be kept.
		awaiting().atMost(Duration.ofSeconds(5)).until(() -> started.stream().noneMatch(Thread::isAlive));
	}

	private static Set<Thread> finishers() {
		Set<Thread> threads = new HashSet<>();
		Thread.getAllStackTraces().keySet().forEach((thread) -> {
			if (thread.isAlive() && thread.getName().startsWith("redis-lock-interrupted-call")) {
				threads.add(thread);
			}
		});
		return threads;
	}

}
