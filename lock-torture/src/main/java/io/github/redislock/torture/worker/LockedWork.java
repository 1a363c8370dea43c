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

package io.github.redislock.torture.worker;

/**
 * What a worker runs while it holds a lock, given a way to the lock's fencing token.
 *
 * @author redis-lock contributors
 */
@FunctionalInterface
public interface LockedWork {

	/**
	 * Run while the lock is held.
	 * @param fencingToken asks the lock for its fencing token
	 * @throws InterruptedException if the holding thread is interrupted
	 */
	void run(FencingTokenSource fencingToken) throws InterruptedException;

	/**
	 * The fencing token of the lock held, fetched when first asked.
	 */
	@FunctionalInterface
	interface FencingTokenSource {

		/**
		 * Return the fencing token.
		 * @return the token
		 */
		long get();

	}

}
