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
