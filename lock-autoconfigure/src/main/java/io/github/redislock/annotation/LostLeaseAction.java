// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

/**
 * What a {@code @RedisLock} method does when, at release, the lock turns out to have been
 * lost (its lease ran out or another holder took it), so the work it did may have
 * overlapped with another holder's. In both cases the lock client has logged a warning
 * and told its {@code LockLostListener}s, which the auto-configuration bridges to a
 * Spring application event.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public enum LostLeaseAction {

	/**
	 * Throw the {@code LockLostException} to the caller, even though the method itself
	 * completed, so that the caller can compensate. When the release waits for a
	 * transaction to commit, the exception reaches whoever commits, and says the
	 * transaction had already committed; after a rollback it is only logged, since
	 * nothing was written.
	 */
	THROW,

	/**
	 * Return the method's result: the loss is only logged and published.
	 */
	LOG

}
