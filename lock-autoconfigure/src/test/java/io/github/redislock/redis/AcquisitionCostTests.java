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
package io.github.redislock.redis;

import java.time.Duration;

import io.github.redislock.core.DistributedLock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An uncontended lock and unlock costs what the raw minimum does: a bare
 * {@code SET NX PX} and one script; only a busy lock costs its first attempt a second
 * round trip.
 *
 * @author redis-lock contributors
 */
class AcquisitionCostTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void anUncontendedLockAndUnlockTakeOneSetAndOneScript() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("uncontended");
		long setsBefore = commandCount("set");
		long scriptsBefore = commandCount("evalsha");

		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		assertThat(commandCount("set") - setsBefore).as("SET calls to acquire").isEqualTo(1);
		assertThat(commandCount("evalsha") - scriptsBefore).as("script calls to acquire").isZero();
		lock.unlock();

		assertThat(commandCount("evalsha") - scriptsBefore).as("script calls to release").isEqualTo(1);
	}

	@Test
	void aBusyLockCostsTheFirstAttemptOneScriptCallMore() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = holder.client.getLock("busy");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			DistributedLock busy = other.client.getLock("busy");
			// Once first, so that Redis has the script cached and runs it by its digest.
			assertThat(busy.tryLock(Duration.ZERO, LEASE, false)).isFalse();
			long setsBefore = commandCount("set");
			long scriptsBefore = commandCount("evalsha");

			assertThat(busy.tryLock(Duration.ZERO, LEASE, false)).isFalse();

			// Redis counts the SET that the script calls too.
			assertThat(commandCount("set") - setsBefore).as("SET calls, bare and in the script").isEqualTo(2);
			assertThat(commandCount("evalsha") - scriptsBefore).as("script calls").isEqualTo(1);
		}
		finally {
			held.unlock();
		}
	}

}
