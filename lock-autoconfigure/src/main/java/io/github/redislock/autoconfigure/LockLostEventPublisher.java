// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostListener;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes lost leases as application events, so an {@code @EventListener} taking a
 * {@link LockLostEvent} can stop work that must not go on unlocked. Listeners run on the
 * thread the client tells its {@link LockLostListener}s on: keep them short.
 *
 * @author redis-lock contributors
 */
class LockLostEventPublisher implements LockLostListener {

	private final ApplicationEventPublisher publisher;

	LockLostEventPublisher(ApplicationEventPublisher publisher) {
		this.publisher = publisher;
	}

	@Override
	public void onLockLost(LockLostEvent event) {
		this.publisher.publishEvent(event);
	}

}
