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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README promises that one {@code catch (LockException e)} sees every exception the
 * library throws about a lock at run time; each type it names is one.
 *
 * @author redis-lock contributors
 */
class EveryRunTimeLockFailureIsALockExceptionTests {

	@ParameterizedTest
	@ValueSource(classes = { LockAcquisitionException.class, LockNotAcquiredException.class, LockLostException.class,
			LockStoreException.class, LockClientClosedException.class, LockKeyEvaluationException.class })
	void isALockException(Class<?> type) {
		assertThat(LockException.class).isAssignableFrom(type);
	}

}
