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
 * One way of the starter's to run work under a lock: a worker uses either the annotation
 * or the programmatic API, so that a run covers both.
 *
 * @author redis-lock contributors
 */
interface LockedSections {

	/**
	 * Run work under a lock, waiting for it up to {@code TortureTimings.WAIT_MS}.
	 * @param lock the lock name
	 * @param work what to run while holding it
	 * @return whether the lock was acquired and the work ran
	 * @throws InterruptedException if the thread was interrupted
	 */
	boolean runLocked(String lock, LockedWork work) throws InterruptedException;

}
