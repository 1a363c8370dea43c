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
package io.github.redislock.autoconfigure;

import io.github.redislock.redis.EvictionPolicyException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Says what to change when start-up stops because a Redis the locks use can evict lock
 * keys.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
class EvictionPolicyFailureAnalyzer extends AbstractFailureAnalyzer<EvictionPolicyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, EvictionPolicyException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Set maxmemory-policy to noeviction on " + String.join(", ", cause.getServers())
						+ " (CONFIG SET maxmemory-policy noeviction, and in the server's configuration so that it "
						+ "survives a restart; on replicas too), or keep locks in a Redis of their own "
						+ "(redis-lock.connection-factory or redis-lock.redlock.nodes). To start anyway and accept "
						+ "that a lock can be lost, set redis-lock.eviction-check=warn.",
				cause);
	}

}
