// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.LockClientProbe;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Every entry point refuses a bad argument with an {@link IllegalArgumentException} that
 * names the argument, the lock and the value, before any call to Redis, leaving nothing
 * behind.
 *
 * @author redis-lock contributors
 */
class InvalidArgumentTests extends RedisLockTestSupport {

	private static final String LONGEST = "PT2562047H47M16.854775807S";

	private final StoreCalls calls = new StoreCalls();

	@AfterEach
	void nothingReachedTheStore() {
		assertThat(this.calls.count()).as("calls to the store").isZero();
	}

	@Test
	void nullOrBlankLockNamesAreRefused() {
		LockClientInstance instance = instance().storeDecorator(this.calls).start();
		for (String name : new String[] { null, "", " \t" }) {
			String shown = (name != null) ? "'" + name + "'" : "null";
			assertThatIllegalArgumentException().isThrownBy(() -> instance.client.getLock(name))
				.withMessage("Lock name must not be null or blank, was " + shown);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> LockDefinition.of(name, Duration.ofSeconds(1), Duration.ZERO))
				.withMessage("Lock name must not be null or blank, was " + shown);
		}
	}

	@Test
	void nullTimesAndUnitsAreRefusedNamingTheLock() {
		LockClientInstance instance = instance().storeDecorator(this.calls).start();
		DistributedLock lock = instance.client.getLock("nulls");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(null, Duration.ofSeconds(10), true))
			.withMessage("Wait time of lock 'nulls' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(Duration.ZERO, null, true))
			.withMessage("Lease time of lock 'nulls' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(1, null))
			.withMessage("Time unit of lock 'nulls' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(1, 10, null))
			.withMessage("Time unit of lock 'nulls' must not be null");
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void leasesOutOfRangeAreRefusedNamingTheLockAndTheValue() {
		LockClientInstance instance = instance().storeDecorator(this.calls).start();
		DistributedLock lock = instance.client.getLock("bounds");
		assertLeaseRefused(() -> lock.tryLock(Duration.ZERO, Duration.ZERO, true), "at least 1 ms, was PT0S");
		assertLeaseRefused(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(-1), true), "at least 1 ms, was PT-1S");
		assertLeaseRefused(() -> lock.tryLock(Duration.ZERO, Duration.ofNanos(999_999), false),
				"at least 1 ms, was PT0.000999999S");
		assertLeaseRefused(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(Long.MAX_VALUE), false),
				"at most " + LONGEST + " (about 292 years), was PT2562047788015215H30M7S");
		assertLeaseRefused(() -> lock.tryLock(0, -1, TimeUnit.SECONDS), "at least 1 ms, was -1 SECONDS");
		assertLeaseRefused(() -> lock.tryLock(0, 999, TimeUnit.MICROSECONDS), "at least 1 ms, was 999 MICROSECONDS");
		assertLeaseRefused(() -> lock.tryLock(0, Long.MAX_VALUE, TimeUnit.SECONDS),
				"at most " + LONGEST + " (about 292 years), was 9223372036854775807 SECONDS");
		assertLeaseRefused(() -> lock.tryLock(0, Long.MIN_VALUE, TimeUnit.DAYS),
				"at least 1 ms, was -9223372036854775808 DAYS");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ofMillis(-1), Duration.ofSeconds(1), true))
			.withMessage("Wait time of lock 'bounds' must not be negative, was PT-0.001S");
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void templateRefusesMissingArgumentsBeforeAcquiring() {
		LockClientInstance instance = instance().storeDecorator(this.calls).start();
		LockOperations template = LockOperations.of(instance.client);
		LockDefinition definition = LockDefinition.of("templated", Duration.ofSeconds(10), Duration.ZERO);
		assertThatIllegalArgumentException().isThrownBy(() -> template.execute(null, () -> "result"))
			.withMessage("LockDefinition must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> template.execute(definition, null))
			.withMessage("Action to run under lock 'templated' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> template.executeWithoutResult(definition, null))
			.withMessage("Action to run under lock 'templated' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> template.tryAcquire(null))
			.withMessage("LockDefinition must not be null");
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void clientRefusesInvalidDefaultsWhenCreated() {
		LockClientInstance instance = instance().start();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new DefaultLockClient(instance.store, null, true, LockBackoff.DEFAULT, (event) -> {
			}))
			.withMessage("Default lease time must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> new DefaultLockClient(instance.store,
				Duration.ofDays(365_000), true, LockBackoff.DEFAULT, (event) -> {
				}))
			.withMessage("Default lease time must be at most " + LONGEST + " (about 292 years), was PT8760000H");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new DefaultLockClient(instance.store, Duration.ofSeconds(30), true, null, (event) -> {
			}))
			.withMessage("LockBackoff must not be null");
		assertThatIllegalArgumentException().isThrownBy(
				() -> new DefaultLockClient(instance.store, Duration.ofSeconds(30), true, LockBackoff.DEFAULT, null))
			.withMessage("Lost lease listener must not be null");
	}

	private static void assertLeaseRefused(ThrowingCallable call, String expected) {
		assertThatIllegalArgumentException().isThrownBy(call)
			.withMessage("Lease time of lock 'bounds' must be " + expected);
	}

}
