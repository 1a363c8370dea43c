// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.util.Collection;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.interceptor.JobRuns;

/**
 * The {@code locks} endpoint with its release, which Spring Boot 3.4 and later offer only
 * when the endpoint's access allows writes; on 3.3 made only when that access is asked
 * for.
 *
 * @author redis-lock contributors
 */
@Endpoint(id = "locks", defaultAccess = Access.READ_ONLY)
class ReleasingLocksEndpoint extends LocksEndpoint {

	ReleasingLocksEndpoint(DefaultLockClient client, UnaryOperator<@Nullable String> keys, Show showNames,
			Collection<String> roles, @Nullable JobRuns jobRuns) {
		super(client, keys, showNames, roles, jobRuns);
	}

	@Override
	@DeleteOperation
	public LockRelease release(@Selector String name) {
		return super.release(name);
	}

}
