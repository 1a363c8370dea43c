// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the {@code locks} endpoint beside those Spring Boot reads for every
 * endpoint, named as Boot's {@code env} endpoint names its own.
 *
 * @author redis-lock contributors
 */
@ConfigurationProperties("management.endpoint.locks")
class LocksEndpointProperties {

	/** When to show lock names, and the Redis keys made of them, rather than '******'. */
	private Show showValues = Show.NEVER;

	/**
	 * Roles used to decide whether a user is authorized to see lock names. When empty,
	 * all authenticated users are authorized.
	 */
	private final Set<String> roles = new LinkedHashSet<>();

	public Show getShowValues() {
		return this.showValues;
	}

	public void setShowValues(Show showValues) {
		this.showValues = showValues;
	}

	public Set<String> getRoles() {
		return this.roles;
	}

}
