// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.demo;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Size of the load demonstration that {@code --demo} runs.
 *
 * @param requests how many purchase requests each run sends
 * @param threads how many requests are in flight at once
 * @param stock the stock the product is reset to before each run
 * @param requestsPerUser how many requests each user sends, back to back so that they
 * overlap like a double click
 * @param productId the product bought
 * @param requestTimeout how long one request may take
 * @author redis-lock contributors
 * @since 0.1.0
 */
@ConfigurationProperties("sample.demo")
public record LoadDemoSettings(@DefaultValue("2000") int requests, @DefaultValue("64") int threads,
		@DefaultValue("100") int stock, @DefaultValue("4") int requestsPerUser, @DefaultValue("1") long productId,
		@DefaultValue("30s") Duration requestTimeout) {

	public LoadDemoSettings {
		if (requests < 1 || threads < 1 || stock < 0 || requestsPerUser < 1) {
			throw new IllegalArgumentException(
					"sample.demo needs requests >= 1, threads >= 1, stock >= 0 and " + "requests-per-user >= 1");
		}
	}

	/**
	 * Return how many distinct users send requests.
	 * @return the number of users
	 */
	public int users() {
		return (this.requests + this.requestsPerUser - 1) / this.requestsPerUser;
	}

}
