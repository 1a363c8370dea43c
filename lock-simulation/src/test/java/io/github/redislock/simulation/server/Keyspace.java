// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The keys of one simulated server, expiring by its clock as Redis does: a key whose
 * expiry is in the past is deleted when a command looks it up. Every key written or
 * deleted is noted, for replication to carry.
 *
 * @author redis-lock contributors
 */
final class Keyspace {

	private final Map<String, Entry> entries = new HashMap<>();

	/** Replaced, not copied, when drained: a command writes a few keys. */
	private Set<String> written = new LinkedHashSet<>();

	private final ServerClock clock;

	Keyspace(ServerClock clock) {
		this.clock = clock;
	}

	long now() {
		return this.clock.millis();
	}

	ServerClock clock() {
		return this.clock;
	}

	/** The key's entry, {@code null} if missing or expired (then deleted). */
	Entry lookup(String key) {
		Entry entry = this.entries.get(key);
		if (entry != null && isExpired(entry, now())) {
			this.entries.remove(key);
			this.written.add(key);
			return null;
		}
		return entry;
	}

	private static boolean isExpired(Entry entry, long now) {
		return entry.expireAt != Entry.PERSISTENT && now > entry.expireAt;
	}

	String string(String key) {
		Entry entry = lookup(key);
		if (entry == null) {
			return null;
		}
		if (!(entry.value instanceof String value)) {
			throw new RedisError(RedisError.WRONG_TYPE);
		}
		return value;
	}

	@SuppressWarnings("unchecked")
	HashMap<String, String> hash(String key, boolean create) {
		return (HashMap<String, String>) typed(key, HashMap.class, create);
	}

	SortedSet sortedSet(String key, boolean create) {
		return (SortedSet) typed(key, SortedSet.class, create);
	}

	@SuppressWarnings("unchecked")
	ArrayList<String> list(String key, boolean create) {
		return (ArrayList<String>) typed(key, ArrayList.class, create);
	}

	private Object typed(String key, Class<?> type, boolean create) {
		Entry entry = lookup(key);
		if (entry == null) {
			if (!create) {
				return null;
			}
			entry = new Entry(newValue(type), Entry.PERSISTENT);
			this.entries.put(key, entry);
		}
		if (!type.isInstance(entry.value)) {
			throw new RedisError(RedisError.WRONG_TYPE);
		}
		return entry.value;
	}

	private static Object newValue(Class<?> type) {
		if (type == HashMap.class) {
			return new LinkedHashMap<String, String>();
		}
		if (type == SortedSet.class) {
			return new SortedSet();
		}
		return new ArrayList<String>();
	}

	void put(String key, Object value, long expireAt) {
		this.entries.put(key, new Entry(value, expireAt));
		this.written.add(key);
	}

	boolean delete(String key) {
		if (lookup(key) == null) {
			return false;
		}
		this.entries.remove(key);
		this.written.add(key);
		return true;
	}

	/**
	 * Notes a change made in place, and deletes an aggregate left empty, as Redis does.
	 */
	void changed(String key) {
		Entry entry = this.entries.get(key);
		if (entry != null && isEmpty(entry.value)) {
			this.entries.remove(key);
		}
		this.written.add(key);
	}

	private static boolean isEmpty(Object value) {
		if (value instanceof HashMap<?, ?> hash) {
			return hash.isEmpty();
		}
		if (value instanceof SortedSet set) {
			return set.size() == 0;
		}
		return value instanceof ArrayList<?> list && list.isEmpty();
	}

	/** Keys written or deleted since the last call, in order. */
	Set<String> drainWritten() {
		if (this.written.isEmpty()) {
			return Set.of();
		}
		Set<String> drained = this.written;
		this.written = new LinkedHashSet<>();
		return drained;
	}

	/** The raw entry, expired or not, for replication to copy. */
	Entry raw(String key) {
		return this.entries.get(key);
	}

	void putRaw(String key, Entry entry) {
		if (entry == null) {
			this.entries.remove(key);
		}
		else {
			this.entries.put(key, entry);
		}
	}

	void clear() {
		this.entries.clear();
		this.written.clear();
	}

	/** Every key not expired by now, in key order, with its entry; changes nothing. */
	TreeMap<String, Entry> live() {
		long now = now();
		TreeMap<String, Entry> live = new TreeMap<>();
		this.entries.forEach((key, entry) -> {
			if (!isExpired(entry, now)) {
				live.put(key, entry);
			}
		});
		return live;
	}

}
