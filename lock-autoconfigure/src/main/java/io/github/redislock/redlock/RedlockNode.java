// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

import io.lettuce.core.RedisURI;

/**
 * One independent Redis master of a Redlock, read from its URL by Lettuce's
 * {@link RedisURI}, as Spring Boot reads {@code spring.data.redis.url}, so that a node
 * URL means what it means to Lettuce.
 *
 * @param uri the URL as Lettuce reads it
 * @author redis-lock contributors
 */
record RedlockNode(RedisURI uri) {

	/** The password in {@code scheme://user:password@host}, left out of messages. */
	private static final Pattern PASSWORD = Pattern.compile("(://[^:@/]*:)[^@/]*@");

	/**
	 * Throws {@link IllegalArgumentException} unless a {@code redis://} or
	 * {@code rediss://} URL of one server, naming the URL without its password.
	 */
	static RedlockNode parse(String url) {
		String trimmed = url.trim();
		if (!trimmed.startsWith("redis://") && !trimmed.startsWith("rediss://")) {
			throw new IllegalArgumentException("'" + masked(url) + "' is not a redis:// or rediss:// URL");
		}
		RedisURI uri;
		String host;
		try {
			uri = RedisURI.create(trimmed);
			// Lettuce reads an authority without a host, such as ":6379", as a host name.
			host = URI.create(trimmed).getHost();
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(
					"'" + masked(url) + "' is not a Redis URL: " + masked(String.valueOf(ex.getMessage())));
		}
		if (host == null || host.isEmpty()) {
			throw new IllegalArgumentException("'" + masked(url) + "' names no host");
		}
		if (!uri.getSentinels().isEmpty() || uri.getSentinelMasterId() != null) {
			throw new IllegalArgumentException("'" + masked(url) + "' names Sentinels: a Redlock node is one master");
		}
		return new RedlockNode(uri);
	}

	/** The URL for messages, its password replaced by {@code ****}. */
	static String masked(String url) {
		return PASSWORD.matcher(url).replaceFirst("$1****@");
	}

	/**
	 * {@code host:port}, the host in lower case: two databases of one server are not
	 * independent masters.
	 */
	String server() {
		return this.uri.getHost().toLowerCase(Locale.ROOT) + ":" + this.uri.getPort();
	}

	/** As messages name it: {@code host:port/database}, never the password. */
	String address() {
		return this.uri.getHost() + ":" + this.uri.getPort() + "/" + this.uri.getDatabase();
	}

}
