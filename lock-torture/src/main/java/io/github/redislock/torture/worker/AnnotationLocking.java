// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import io.github.redislock.core.LockAcquisitionException;

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
		catch (LockAcquisitionException ex) {
			return false;
		}
	}

}
