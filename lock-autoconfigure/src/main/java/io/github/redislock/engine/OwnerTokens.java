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
package io.github.redislock.engine;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names the threads of one client, and their attempts, to the store. Each thread is known
 * by an owner token made of the client's random instance id and a number for the thread,
 * never by a bare thread id that another process could share. Each attempt to take a lock
 * gets the next ticket of the client, so that a store's hand-off can say which attempt it
 * answers.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class OwnerTokens {

	private final String instanceId = UUID.randomUUID().toString();

	private final AtomicLong holderIds = new AtomicLong();

	private final ThreadLocal<String> tokens = ThreadLocal
		.withInitial(() -> this.instanceId + ":" + this.holderIds.incrementAndGet());

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
	 * Return the owner token of the current thread.
	 * @return the token, the same for every call on this thread
	 */
	String current() {
		return this.tokens.get();
	}

	/**
	 * Give the current thread a new owner token, for good: its attempts under the old one
	 * failed in the store and are being taken back, which must never touch a later hold.
	 */
	void replaceCurrent() {
		this.tokens.set(this.instanceId + ":" + this.holderIds.incrementAndGet());
	}

	/**
	 * Return the owner token of a new holder that is not a thread: an asynchronous one,
	 * which holds one lock once under a token of its own.
	 * @return the token, never returned before
	 */
	String newHolder() {
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
