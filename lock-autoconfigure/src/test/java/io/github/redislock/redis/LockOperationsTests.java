// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@code LockOperations.of(client)} runs code under a lock and returns its result,
 * releases on every path, and never runs the code when the lock stays busy.
 *
 * @author redis-lock contributors
 */
class LockOperationsTests extends RedisLockTestSupport {

	@Test
	void executeRunsTheActionUnderTheLockAndReturnsItsResult() {
		LockClientInstance instance = instance().start();
		LockOperations template = LockOperations.of(instance.client);
		DistributedLock lock = instance.client.getLock("templated");
		String result = template.execute(LockDefinition.of("templated", Duration.ofSeconds(10), Duration.ZERO),
				() -> lock.isHeldByCurrentThread() ? "held" : "not held");
		assertThat(result).isEqualTo("held");
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void executeReleasesWhenTheActionFails() {
		LockClientInstance instance = instance().start();
		LockOperations template = LockOperations.of(instance.client);
		assertThatIllegalArgumentException().isThrownBy(() -> template
			.executeWithoutResult(LockDefinition.of("failing", Duration.ofSeconds(10), Duration.ZERO), () -> {
				throw new IllegalArgumentException("boom");
			})).withMessage("boom");
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void executeOnABusyLockThrowsAndDoesNotRunTheAction() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = holder.client.getLock("busy-template");
		held.lock();
		try {
			AtomicBoolean ran = new AtomicBoolean();
			LockOperations template = LockOperations.of(other.client);
			Throwable failure = CompletableFuture.supplyAsync(() -> {
				try {
					template.executeWithoutResult(
							LockDefinition.of("busy-template", Duration.ofSeconds(10), Duration.ofMillis(200)),
							() -> ran.set(true));
					return null;
				}
				catch (Throwable ex) {
					return ex;
				}
			}).get(10, TimeUnit.SECONDS);
			assertThat(failure).isInstanceOf(LockAcquisitionException.class)
				.hasMessageContaining("busy-template")
				.hasMessageContaining("200 ms");
			assertThat(ran).isFalse();
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void tryAcquireReturnsAHandleThatReleasesOnce() {
		LockClientInstance instance = instance().start();
		LockOperations template = LockOperations.of(instance.client);
		Optional<AcquiredLock> acquired = template
			.tryAcquire(new LockDefinition("handle", Duration.ofSeconds(10), Duration.ZERO, false));
		assertThat(acquired).isPresent();
		try (AcquiredLock lock = acquired.get()) {
			assertThat(lock.isHeld()).isTrue();
			assertThat(lock.getFencingToken()).isPositive();
			assertThat(lock.getRemainingLease()).isPositive();
			lock.close();
			assertThat(lock.isHeld()).isFalse();
		}
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void closeByAnotherThreadFailsAndLeavesTheHandleToItsOwner() throws Exception {
		LockClientInstance instance = instance().start();
		LockOperations template = LockOperations.of(instance.client);
		AcquiredLock lock = template
			.tryAcquire(LockDefinition.of("handed-around", Duration.ofSeconds(10), Duration.ZERO))
			.orElseThrow();
		Throwable failure = CompletableFuture.supplyAsync(() -> {
			try {
				lock.close();
				return null;
			}
			catch (Throwable ex) {
				return ex;
			}
		}).get(10, TimeUnit.SECONDS);
		assertThat(failure).isInstanceOf(IllegalMonitorStateException.class).hasMessageContaining("handed-around");
		assertThat(lock.isHeld()).isTrue();
		lock.close();
		assertThat(lock.isHeld()).isFalse();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void handleReleasedThroughItselfGivesNoFencingTokenOfALaterHold() throws Exception {
		LockClientInstance instance = instance().start();
		LockOperations template = LockOperations.of(instance.client);
		AcquiredLock first = template.tryAcquire(LockDefinition.of("token", Duration.ofSeconds(10), Duration.ZERO))
			.orElseThrow();
		first.close();
		AcquiredLock second = template.tryAcquire(LockDefinition.of("token", Duration.ofSeconds(10), Duration.ZERO))
			.orElseThrow();
		try {
			assertThatIllegalStateException().isThrownBy(first::getFencingToken).withMessageContaining("token");
			assertThat(second.getFencingToken()).isPositive();
		}
		finally {
			second.close();
		}
	}

	@Test
	void definitionsAreValidatedBeforeAnythingIsAcquired() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of("zero-lease", Duration.ZERO, Duration.ZERO))
			.withMessageContaining("zero-lease");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of("negative-wait", Duration.ofSeconds(1), Duration.ofSeconds(-1)))
			.withMessageContaining("negative-wait");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of(" ", Duration.ofSeconds(1), Duration.ZERO));
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> new LockDefinition("sub-millisecond", Duration.ofNanos(10), Duration.ZERO, true));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of("four-centuries", Duration.ofDays(400 * 365), Duration.ZERO))
			.withMessageContaining("four-centuries")
			.withMessageContaining("PT3504000H");
	}

}
