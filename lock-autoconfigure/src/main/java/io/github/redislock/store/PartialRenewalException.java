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
package io.github.redislock.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Thrown by {@link LockStore#renewAll} when some of the renewals failed while others were
 * answered: on a store spread over several servers (the shards of a Redis Cluster, the
 * nodes of a Redlock), one that is down must not cost the leases kept by the others. The
 * lock client keeps the answered outcomes, and tries the failed renewals again while
 * their leases last.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class PartialRenewalException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final transient List<@Nullable Boolean> outcomes;

	/**
	 * Create an exception for the given outcomes.
	 * @param outcomes for each renewal, in order, whether the lock was still that
	 * owner's, or {@code null} where the renewal failed
	 * @param cause why the first failed renewal failed
	 */
	public PartialRenewalException(List<@Nullable Boolean> outcomes, Throwable cause) {
		super(failedCount(outcomes) + " of " + outcomes.size() + " lease renewals failed: " + cause.getMessage(),
				cause);
		this.outcomes = Collections.unmodifiableList(new ArrayList<>(outcomes));
	}

	/**
	 * Return the outcome of each renewal.
	 * @return for each renewal, in order, whether the lock was still that owner's, or
	 * {@code null} where the renewal failed
	 */
	public List<@Nullable Boolean> outcomes() {
		return this.outcomes;
	}

	private static long failedCount(List<@Nullable Boolean> outcomes) {
		return outcomes.stream().filter((outcome) -> outcome == null).count();
	}

}
