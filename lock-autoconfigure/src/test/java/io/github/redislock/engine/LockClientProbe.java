// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

/**
 * Reads what a {@link DefaultLockClient} keeps for the locks in use, which tests check to
 * prove that nothing is left behind; not part of the client's API.
 *
 * @author redis-lock contributors
 */
public final class LockClientProbe {

	private LockClientProbe() {
	}

	/**
	 * Return the number of lock names the client holds or waits for.
	 * @param client the client
	 * @return the number of active lock names
	 */
	public static int activeLockCount(DefaultLockClient client) {
		return client.activeLockCount();
	}

	/**
	 * Return the number of leases the client renews.
	 * @param client the client
	 * @return the number of scheduled renewals
	 */
	public static int renewalCount(DefaultLockClient client) {
		return client.renewalCount();
	}

}
