// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Thrown when the locks are set up in a way that cannot work: an invalid
 * {@code @RedisLock} (a key that does not parse, an invalid time, a missing fallback, a
 * method no proxy can intercept), a Redis server that can evict lock keys, or a Spring
 * Boot line older than the starter supports. Raised at start-up, so that no lock fails or
 * silently does not lock later; a failure analyzer prints its {@link #getAction()
 * action}.
 * <p>
 * It is not a {@link LockException}, as it stops start-up rather than reporting on one
 * lock, but for one case start-up cannot see: a method declared to return {@code Object}
 * that returns unfinished work fails its call with it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class InvalidLockConfigurationException extends IllegalStateException {

	private final String action;

	/**
	 * Create an exception.
	 * @param message what is wrong, naming the method, server or version concerned
	 * @param action how to fix it
	 */
	public InvalidLockConfigurationException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * Return how to fix it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
