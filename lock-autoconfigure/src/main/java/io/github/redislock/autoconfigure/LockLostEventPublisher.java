// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostListener;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes every lost lease as a Spring application event, so that an
 * {@code @EventListener} method taking a {@link LockLostEvent} can alert or stop work
 * that must not continue without the lock. Listeners run where the lock client tells its
 * {@link LockLostListener}s: for a loss found by the renewal, on the client's own
 * lost-lease thread, never on the renewal thread; for a loss the holder's own thread
 * finds (at release, at re-entry, when asking for a fencing token or taking over a lock
 * handed to it), on that thread; for a hold given up at the end of the shutdown timeout,
 * on the thread that stops the client. A slow listener delays the events after it, so
 * keep listeners short, or make them asynchronous.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
class LockLostEventPublisher implements LockLostListener {

	private final ApplicationEventPublisher publisher;

	/**
	 * Create a publisher.
	 * @param publisher where to publish
	 */
	LockLostEventPublisher(ApplicationEventPublisher publisher) {
		this.publisher = publisher;
	}

	@Override
	public void onLockLost(LockLostEvent event) {
		this.publisher.publishEvent(event);
	}

}
