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

import org.jspecify.annotations.Nullable;

/**
 * One node's reply: a value, or why there is none.
 *
 * @param <T> the reply type
 * @param value the value, if the node answered
 * @param failure why the node did not answer, if it did not
 * @param pending whether the reply is still to come
 * @author redis-lock contributors
 */
record NodeReply<T>(@Nullable T value, @Nullable String failure, boolean pending) {

	static <T> NodeReply<T> of(@Nullable T value) {
		return new NodeReply<>(value, null, false);
	}

	static <T> NodeReply<T> failed(String failure) {
		return new NodeReply<>(null, failure, false);
	}

	static <T> NodeReply<T> pending(String failure) {
		return new NodeReply<>(null, failure, true);
	}

	boolean answered() {
		return this.failure == null;
	}

}
