// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Instant;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import io.github.redislock.store.LockHolder;
import io.github.redislock.test.RecordedHolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads the value of a lock key back as the tests expect an operator to read it: the
 * owner token, one space, and the holder as a JSON object.
 *
 * @author redis-lock contributors
 */
public final class HolderRecords {

	private static final Configuration JSON = Configuration.defaultConfiguration()
		.addOptions(Option.SUPPRESS_EXCEPTIONS);

	private HolderRecords() {
	}

	/**
	 * Return the owner token of the value of a lock key, what the scripts compare.
	 * @param value the value, as read from Redis
	 * @return the owner token
	 */
	public static String ownerToken(Object value) {
		return String.valueOf(value).split(" ", 2)[0];
	}

	/**
	 * The owner token a lock key's value was granted to: its owner token without the
	 * {@code #} and number that name a grant through a queue place.
	 */
	public static String grantedTo(Object value) {
		return ownerToken(value).split("#", 2)[0];
	}

	public static RecordedHolder parse(String value) {
		int space = value.indexOf(' ');
		assertThat(space).as("a space after the owner token in '%s'", value).isPositive();
		DocumentContext json = JsonPath.using(JSON).parse(value.substring(space + 1));
		Number pid = json.read("$.pid");
		String acquiredAt = json.read("$.acquiredAt");
		assertThat(acquiredAt).as("acquiredAt in '%s'", value).isNotNull();
		return new RecordedHolder(value.substring(0, space),
				new LockHolder(json.read("$.host"), pid.longValue(), json.read("$.thread"), json.read("$.method")),
				Instant.parse(acquiredAt));
	}

}
