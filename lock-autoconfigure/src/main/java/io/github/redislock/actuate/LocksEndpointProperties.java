// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the {@code locks} endpoint beside those Spring Boot reads for every
 * endpoint ({@code access}, {@code cache.time-to-live}), named as Boot's {@code env}
 * endpoint names its own. Bound by Spring Boot and read only by the endpoint's
 * auto-configuration, so applications set them but never use this class.
 *
 * @author redis-lock contributors
 */
@ConfigurationProperties("management.endpoint.locks")
class LocksEndpointProperties {

	/**
	 * When to show lock names, and the Redis keys made of them, rather than '******'.
	 */
	private Show showValues = Show.NEVER;

	/**
	 * Roles used to decide whether a user is authorized to see lock names. When empty,
	 * all authenticated users are authorized.
	 */
	private final Set<String> roles = new LinkedHashSet<>();

	/**
	 * Return when lock names are shown.
	 * @return when lock names are shown
	 */
	public Show getShowValues() {
		return this.showValues;
	}

	/**
	 * Set when lock names are shown.
	 * @param showValues when lock names are shown
	 */
	public void setShowValues(Show showValues) {
		this.showValues = showValues;
	}

	/**
	 * Return the roles that may see lock names when they are shown to authorized users.
	 * @return the roles
	 */
	public Set<String> getRoles() {
		return this.roles;
	}

}
