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

import java.util.List;

/**
 * Thrown at start-up when a Redis server the locks use can evict lock keys: its
 * {@code maxmemory-policy} is not {@code noeviction} and it has a {@code maxmemory}
 * limit. See {@link EvictionCheck}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class EvictionPolicyException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final List<String> servers;

	/**
	 * Create an exception.
	 * @param message which servers can evict lock keys, and what that does
	 * @param servers the servers, as the message names them
	 */
	public EvictionPolicyException(String message, List<String> servers) {
		super(message);
		this.servers = List.copyOf(servers);
	}

	/**
	 * Return the servers whose policy can evict lock keys.
	 * @return the servers, as the message names them
	 */
	public List<String> getServers() {
		return this.servers;
	}

}
