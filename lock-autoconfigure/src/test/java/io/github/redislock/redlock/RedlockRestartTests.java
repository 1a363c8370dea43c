// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Redlock's documented caveat, on three masters without persistence: a master restarted
 * empty at once forgets the locks it granted, and a second holder can be let in while the
 * first still runs; the first is told at its next renewal, and its fenced writes are
 * refused. A master restarted only after the lease has passed keeps exclusion.
 *
 * @author redis-lock contributors
 */
class RedlockRestartTests {

	/** Renewed every two seconds. */
	private static final Duration LEASE = Duration.ofSeconds(6);

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
	void aMasterRestartedEmptyAtOnceCanLetASecondHolderInWhoseFencedWritesWin() throws Exception {
		List<RedisNode> masters = redis.masters(3);
		List<LockLostEvent> firstLost = new CopyOnWriteArrayList<>();
		DefaultLockClient first = instance(masters, firstLost);
		DefaultLockClient second = instance(masters, new CopyOnWriteArrayList<>());
		FencedResource resource = new FencedResource();
		masters.get(2).kill();
		DistributedLock firstLock = first.getLock("order");
		assertThat(firstLock.tryLock(Duration.ZERO, LEASE, true)).as("taken on the two masters up").isTrue();
		long firstToken = firstLock.getFencingToken();
		assertThat(resource.write(firstToken)).isTrue();

		masters.get(1).kill();
		masters.get(1).restart();
		masters.get(2).restart();

		DistributedLock secondLock = second.getLock("order");
		// Calls to a master are refused until the client has reconnected to it.
		await().atMost(Duration.ofSeconds(10))
			.pollInSameThread()
			.ignoreException(LockStoreException.class)
			.until(() -> secondLock.tryLock(Duration.ofSeconds(5), LEASE, true));
		assertThat(firstLost).as("the first holder does not know yet").isEmpty();
		long secondToken = secondLock.getFencingToken();
		assertThat(secondToken).isGreaterThan(firstToken);
		assertThat(resource.write(secondToken)).isTrue();
		assertThat(resource.write(firstToken)).as("the first holder's write after the restart").isFalse();

		await().atMost(LEASE).until(() -> !firstLost.isEmpty());
		assertThat(firstLost).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("order");
			assertThat(event.fencingToken()).isEqualTo(firstToken);
		});
		assertThatExceptionOfType(LockLostException.class).isThrownBy(firstLock::unlock);
		secondLock.unlock();
	}

	@Test
	void aMasterRestartedAfterTheLeaseKeepsExclusion() throws Exception {
		List<RedisNode> masters = redis.masters(3);
		List<LockLostEvent> firstLost = new CopyOnWriteArrayList<>();
		DefaultLockClient first = instance(masters, firstLost);
		DefaultLockClient second = instance(masters, new CopyOnWriteArrayList<>());
		masters.get(2).kill();
		DistributedLock firstLock = first.getLock("order");
		assertThat(firstLock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
		masters.get(1).kill();

		DistributedLock secondLock = second.getLock("order");
		assertThatExceptionOfType(LockStoreException.class).as("two of three masters down")
			.isThrownBy(() -> secondLock.tryLock(Duration.ZERO, LEASE, true))
			.withMessageContaining("of 3 Redlock nodes answered, 2 are needed")
			.satisfies((ex) -> assertThat(ex.getMessage()).containsOnlyOnce("Could not acquire lock 'order'"));
		masters.get(2).restart();
		// Until the restarted master answers again, attempts fail loudly.
		AtomicLong letIn = new AtomicLong();
		await("an attempt the restarted master answers").atMost(Duration.ofSeconds(5))
			.pollInSameThread()
			.ignoreExceptionsInstanceOf(LockStoreException.class)
			.until(() -> {
				if (secondLock.tryLock(Duration.ZERO, LEASE, true)) {
					letIn.incrementAndGet();
					secondLock.unlock();
				}
				return true;
			});
		assertThat(letIn).as("let in with one master empty, while the first holds").hasValue(0);
		await().atMost(LEASE).until(() -> !firstLost.isEmpty());
		long firstToldAt = System.nanoTime();
		// After the lease, the one master that held the lock has let it go.
		await().atMost(LEASE.multipliedBy(2))
			.pollInSameThread()
			.until(() -> secondLock.tryLock(Duration.ZERO, LEASE, true));
		assertThat(System.nanoTime()).isGreaterThan(firstToldAt);
		masters.get(1).restart();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(firstLock::unlock);
		secondLock.unlock();
	}

	private DefaultLockClient instance(List<RedisNode> masters, List<LockLostEvent> lost) {
		RedlockNodes nodes = RedlockNodes.on(masters);
		DefaultLockClient client = nodes.client(LEASE, lost::add);
		this.closeables.add(0, nodes);
		this.closeables.add(0, client);
		return client;
	}

	/**
	 * A resource that accepts a write only with a token no lower than any it accepted.
	 */
	private static final class FencedResource {

		private final AtomicLong highest = new AtomicLong();

		boolean write(long token) {
			return this.highest.accumulateAndGet(token, Math::max) == token;
		}

	}

}
