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

import io.github.redislock.core.LockNotAcquiredException;

/**
 * Runs sections through the proxied {@link AnnotatedSections} bean, from outside it, as
 * callers of a {@code @RedisLock} method do.
 *
 * @author redis-lock contributors
 */
final class AnnotationLocking implements LockedSections {

	private final AnnotatedSections bean;

	AnnotationLocking(AnnotatedSections bean) {
		this.bean = bean;
	}

	@Override
	public boolean runLocked(String lock, LockedWork work) throws InterruptedException {
		try {
			this.bean.run(lock, work);
			return true;
		}
		catch (LockNotAcquiredException ex) {
			return false;
		}
	}

}
