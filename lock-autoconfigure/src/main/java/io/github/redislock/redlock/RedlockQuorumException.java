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
package io.github.redislock.redlock;

import org.springframework.dao.TransientDataAccessException;

/**
 * Thrown when fewer than a majority of the Redlock's nodes answered in time, so that
 * nothing can be decided: neither that a lock is taken or kept, nor that it is lost.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedlockQuorumException extends TransientDataAccessException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create an exception.
	 * @param message what was asked, and which nodes did not answer
	 */
	public RedlockQuorumException(String message) {
		super(message);
	}

}
