// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;

/**
 * One key's value and expiry. Values are a {@link String} (bytes as ISO-8859-1
 * characters, so that Lua's byte-wise string functions see what Redis's do), a
 * {@link HashMap} of such strings, a {@link SortedSet} or an {@link ArrayList} (a list,
 * head first).
 *
 * @author redis-lock contributors
 */
final class Entry {

	static final long PERSISTENT = -1;

	Object value;

	/** Server time in milliseconds at which the key expires, or {@link #PERSISTENT}. */
	long expireAt;

	Entry(Object value, long expireAt) {
		this.value = value;
		this.expireAt = expireAt;
	}

	/** A deep copy, as a replica or snapshot holds it. */
	@SuppressWarnings("unchecked")
	Entry copy() {
		Object copied;
		if (this.value instanceof HashMap<?, ?> hash) {
			copied = new LinkedHashMap<>((HashMap<String, String>) hash);
		}
		else if (this.value instanceof SortedSet set) {
			copied = set.copy();
		}
		else if (this.value instanceof ArrayList<?> list) {
			copied = new ArrayList<>(list);
		}
		else {
			copied = this.value;
		}
		return new Entry(copied, this.expireAt);
	}

	String type() {
		if (this.value instanceof String) {
			return "string";
		}
		if (this.value instanceof HashMap<?, ?>) {
			return "hash";
		}
		return (this.value instanceof SortedSet) ? "zset" : "list";
	}

}
