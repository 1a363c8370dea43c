// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * One independent Redis master of a Redlock, read from a URL:
 * {@code redis://[[user]:password@]host:port[/database]}, or {@code rediss://} for TLS.
 *
 * @param host the host
 * @param port the port
 * @param database the database index
 * @param username the ACL user, or {@code null} for the default user
 * @param password the password, or {@code null} for none
 * @param ssl whether to connect with TLS
 * @author redis-lock contributors
 * @since 0.1.0
 */
record RedlockNode(String host, int port, int database, @Nullable String username, @Nullable String password,
		boolean ssl) {

	/**
	 * Read a node from its URL.
	 * @param url the URL
	 * @return the node
	 * @throws IllegalArgumentException if the URL is not a Redis URL with a host and a
	 * port
	 */
	static RedlockNode parse(String url) {
		URI uri;
		try {
			uri = new URI(url.trim());
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("'" + url + "' is not a URL: " + ex.getMessage());
		}
		String scheme = uri.getScheme();
		if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
			throw new IllegalArgumentException("'" + url + "' is not a redis:// or rediss:// URL");
		}
		if (uri.getHost() == null || uri.getPort() < 1) {
			throw new IllegalArgumentException("'" + url + "' names no host and port");
		}
		return new RedlockNode(uri.getHost(), uri.getPort(), database(url, uri.getPath()), user(uri, true),
				user(uri, false), "rediss".equals(scheme));
	}

	private static int database(String url, @Nullable String path) {
		if (path == null || path.isEmpty() || path.equals("/")) {
			return 0;
		}
		try {
			int database = Integer.parseInt(path.substring(1));
			if (database >= 0) {
				return database;
			}
		}
		catch (NumberFormatException ex) {
			// Reported below.
		}
		throw new IllegalArgumentException("'" + url + "' names no database index: " + path);
	}

	private static @Nullable String user(URI uri, boolean name) {
		String userInfo = uri.getRawUserInfo();
		if (userInfo == null) {
			return null;
		}
		int colon = userInfo.indexOf(':');
		String part = (colon < 0) ? (name ? null : userInfo)
				: (name ? userInfo.substring(0, colon) : userInfo.substring(colon + 1));
		return (part == null || part.isEmpty()) ? null : URLDecoder.decode(part, StandardCharsets.UTF_8);
	}

	/**
	 * Return the node as messages name it: its address and database, never its password.
	 * @return {@code host:port/database}
	 */
	public String address() {
		return this.host + ":" + this.port + "/" + this.database;
	}

	@Override
	public String toString() {
		return ((this.ssl) ? "rediss://" : "redis://") + address();
	}

}
