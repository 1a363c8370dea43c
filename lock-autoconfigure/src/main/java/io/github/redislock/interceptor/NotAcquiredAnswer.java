// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.interceptor;

import io.github.redislock.core.LockAcquisitionException;
import org.jspecify.annotations.Nullable;

/**
 * Answers a call whose lock was not acquired, with the fallback method or the
 * application's handler.
 *
 * @author redis-lock contributors
 */
@FunctionalInterface
interface NotAcquiredAnswer {

	/**
	 * {@code cause} is why the wait ended early (an interrupt), or {@code null} if the
	 * wait time passed.
	 */
	@Nullable Object answer(@Nullable LockAcquisitionException cause) throws Throwable;

}
