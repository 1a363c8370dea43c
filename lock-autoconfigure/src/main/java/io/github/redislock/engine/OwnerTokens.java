// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names the holds of one client, and their attempts, to the store. Each hold is known by
 * an owner token of its own, made of the client's random instance id and a number, never
 * by a thread id that another process, or a later hold of the same thread, could share: a
 * release, renewal or revoke that reaches the store late then meets no other hold. Each
 * attempt to take a lock gets the next ticket of the client, so that a store's hand-off
 * can say which attempt it answers.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class OwnerTokens {

	private final String instanceId = UUID.randomUUID().toString();

	private final AtomicLong holderIds = new AtomicLong();

	private final AtomicLong tickets = new AtomicLong();

	/**
	 * Return the random id of the client, which every owner token starts with, followed
	 * by {@code :}.
	 * @return the instance id
	 */
	String instanceId() {
		return this.instanceId;
	}

	/**
	 * Return the owner token of a new hold: an acquisition, or a take-over by the next
	 * thread of this process.
	 * @return the token, never returned before
	 */
	String newHold() {
		return this.instanceId + ":" + this.holderIds.incrementAndGet();
	}

	/**
	 * Return the ticket of a new attempt; attempts are numbered from 1.
	 * @return the ticket
	 */
	long nextTicket() {
		return this.tickets.incrementAndGet();
	}

}
