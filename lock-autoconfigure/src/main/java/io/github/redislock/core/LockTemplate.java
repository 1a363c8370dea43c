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
package io.github.redislock.core;

import java.util.Optional;
import java.util.function.Supplier;

import org.springframework.util.Assert;

/**
 * The default {@link LockOperations}, over a {@link LockClient}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockTemplate implements LockOperations {

	private final LockClient client;

	public LockTemplate(LockClient client) {
		Assert.notNull(client, "LockClient must not be null");
		this.client = client;
	}

	@Override
	public <T> T execute(LockDefinition definition, Supplier<T> action) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(action, () -> "Action to run under lock '" + definition.name() + "' must not be null");
		try (AcquiredLock lock = tryAcquire(definition)
			.orElseThrow(() -> new LockAcquisitionException(definition.name(), definition.waitTime()))) {
			return action.get();
		}
	}

	@Override
	public void executeWithoutResult(LockDefinition definition, Runnable action) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(action, () -> "Action to run under lock '" + definition.name() + "' must not be null");
		execute(definition, () -> {
			action.run();
			return null;
		});
	}

	@Override
	public Optional<AcquiredLock> tryAcquire(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		DistributedLock lock = this.client.getLock(definition.name(), definition.label());
		try {
			if (lock.tryLock(definition.waitTime(), definition.leaseTime(), definition.renew(), definition.method())) {
				return Optional.of(new AcquiredLock(lock));
			}
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockAcquisitionException(definition.name(), definition.waitTime(),
					"Interrupted while waiting for lock '" + definition.name() + "'", ex);
		}
	}

}
