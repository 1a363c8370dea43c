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

package io.github.redislock.interceptor;

import io.github.redislock.core.LockAcquisitionException;
import org.jspecify.annotations.Nullable;

/**
 * Answers a call whose lock was not acquired: with the fallback method, or the
 * application's handler.
 *
 * @author redis-lock contributors
 */
@FunctionalInterface
interface NotAcquiredAnswer {

	/**
	 * Answer the call.
	 * @param cause why the wait ended early (an interrupt), or {@code null} if the wait
	 * time passed
	 * @return the answer, such as the fallback's result
	 * @throws Throwable what the handler throws, by default the exception that the lock
	 * was not acquired
	 */
	@Nullable Object answer(@Nullable LockAcquisitionException cause) throws Throwable;

}
