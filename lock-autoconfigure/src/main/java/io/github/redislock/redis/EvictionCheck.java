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
package io.github.redislock.redis;

/**
 * What the lock store does at start-up when a Redis server it keeps locks on may evict
 * keys that have an expiry ({@code maxmemory-policy} other than {@code noeviction}):
 * every lock key has one, so such a server can drop a held lock when its memory fills,
 * and another instance then takes the lock while the holder still runs.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see EvictionPolicyCheck
 */
public enum EvictionCheck {

	/**
	 * Refuse to start when a server has a {@code maxmemory} limit and a policy that can
	 * evict lock keys; warn when it has such a policy but no limit yet.
	 */
	FAIL,

	/**
	 * Start, with a warning that names each server whose policy can evict lock keys.
	 */
	WARN,

	/**
	 * Do not read the servers' policy.
	 */
	OFF

}
