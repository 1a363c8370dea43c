// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Owner tokens and attempt tickets of one client: a token per hold, so a late release or
 * renewal meets no other hold; tickets say which attempt a store's hand-off answers.
 *
 * @author redis-lock contributors
 */
final class OwnerTokens {

	private final String instanceId = UUID.randomUUID().toString();

	private final AtomicLong holderIds = new AtomicLong();

	private final AtomicLong tickets = new AtomicLong();

	/** Every owner token starts with it, followed by {@code :}. */
	String instanceId() {
		return this.instanceId;
	}

	/** For an acquisition or a take-over by the next local thread; never reused. */
	String newHold() {
		return this.instanceId + ":" + this.holderIds.incrementAndGet();
	}

	/** Numbered from 1. */
	long nextTicket() {
		return this.tickets.incrementAndGet();
	}

}
