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

import org.springframework.dao.TransientDataAccessException;

/**
 * Thrown when fewer replicas than {@link ReplicaAcknowledgement#replicas()} acknowledged
 * a write of a lock in time: the write may not survive a failover, so the operation fails
 * instead of succeeding silently. An acquisition that fails this way has given the lock
 * back; a renewal that fails this way is retried by the lock client until the lease runs
 * out, like any failed renewal.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class ReplicaAcknowledgementException extends TransientDataAccessException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create an exception.
	 * @param message what was not acknowledged, and by how many replicas it was
	 */
	public ReplicaAcknowledgementException(String message) {
		super(message);
	}

}
