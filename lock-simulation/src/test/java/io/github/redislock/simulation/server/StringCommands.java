// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET} and {@code SET} with every option Redis 6.2 has: {@code EX}, {@code PX},
 * {@code EXAT}, {@code PXAT}, {@code KEEPTTL}, {@code NX}, {@code XX}, {@code GET}.
 *
 * @author redis-lock contributors
 */
final class StringCommands {

	private StringCommands() {
	}

	static void register(Map<String, Command> table) {
		table.put("GET", (keyspace, args) -> {
			Arguments.arity(args, 2);
			return keyspace.string(args.get(1));
		});
		table.put("SET", StringCommands::set);
	}

	private static Object set(Keyspace keyspace, List<String> args) {
		Arguments.arity(args, -3);
		String key = args.get(1);
		boolean nx = false;
		boolean xx = false;
		boolean get = false;
		boolean keepTtl = false;
		String unit = null;
		long expire = 0;
		for (int i = 3; i < args.size(); i++) {
			String option = args.get(i).toUpperCase(Locale.ROOT);
			boolean hasNext = i + 1 < args.size();
			switch (option) {
				case "NX" -> nx = true;
				case "XX" -> xx = true;
				case "GET" -> get = true;
				case "KEEPTTL" -> {
					if (unit != null) {
						throw new RedisError(RedisError.SYNTAX);
					}
					keepTtl = true;
				}
				case "EX", "PX", "EXAT", "PXAT" -> {
					if (unit != null || keepTtl || !hasNext) {
						throw new RedisError(RedisError.SYNTAX);
					}
					unit = option;
					expire = Arguments.integer(args.get(++i));
				}
				default -> throw new RedisError(RedisError.SYNTAX);
			}
		}
		if ((nx && xx) || (nx && get)) {
			throw new RedisError(RedisError.SYNTAX);
		}
		long now = keyspace.now();
		long expireAt = Entry.PERSISTENT;
		if (unit != null) {
			if (expire <= 0) {
				throw new RedisError("ERR invalid expire time in set");
			}
			expireAt = switch (unit) {
				case "EX" -> now + expire * 1000;
				case "PX" -> now + expire;
				case "EXAT" -> expire * 1000;
				default -> expire;
			};
		}
		Entry existing = keyspace.lookup(key);
		String old = null;
		if (get && existing != null) {
			if (!(existing.value instanceof String value)) {
				throw new RedisError(RedisError.WRONG_TYPE);
			}
			old = value;
		}
		if ((nx && existing != null) || (xx && existing == null)) {
			return get ? old : null;
		}
		if (keepTtl && existing != null) {
			expireAt = existing.expireAt;
		}
		keyspace.put(key, args.get(2), expireAt);
		return get ? old : Status.OK;
	}

}
