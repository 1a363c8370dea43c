// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.List;
import java.util.Map;

/**
 * Commands on keys of any type and on the server: {@code DEL}, {@code EXISTS},
 * {@code EXPIRE}, {@code PEXPIRE}, {@code PEXPIREAT}, {@code TTL}, {@code PTTL},
 * {@code TYPE} and {@code TIME}.
 *
 * @author redis-lock contributors
 */
final class KeyCommands {

	private KeyCommands() {
	}

	static void register(Map<String, Command> table) {
		table.put("DEL", (keyspace, args) -> {
			Arguments.arity(args, -2);
			long deleted = 0;
			for (String key : args.subList(1, args.size())) {
				deleted += keyspace.delete(key) ? 1 : 0;
			}
			return deleted;
		});
		table.put("EXISTS", (keyspace, args) -> {
			Arguments.arity(args, -2);
			long found = 0;
			for (String key : args.subList(1, args.size())) {
				found += (keyspace.lookup(key) != null) ? 1 : 0;
			}
			return found;
		});
		table.put("EXPIRE", (keyspace, args) -> expire(keyspace, args, 1000, false));
		table.put("PEXPIRE", (keyspace, args) -> expire(keyspace, args, 1, false));
		table.put("PEXPIREAT", (keyspace, args) -> expire(keyspace, args, 1, true));
		table.put("PTTL", (keyspace, args) -> ttl(keyspace, args, false));
		table.put("TTL", (keyspace, args) -> ttl(keyspace, args, true));
		table.put("TYPE", (keyspace, args) -> {
			Arguments.arity(args, 2);
			Entry entry = keyspace.lookup(args.get(1));
			return new Status((entry != null) ? entry.type() : "none");
		});
		table.put("TIME", (keyspace, args) -> {
			Arguments.arity(args, 1);
			long micros = keyspace.clock().micros();
			return List.of(Long.toString(Math.floorDiv(micros, 1_000_000L)),
					Long.toString(Math.floorMod(micros, 1_000_000L)));
		});
	}

	private static Object expire(Keyspace keyspace, List<String> args, long unitMillis, boolean absolute) {
		Arguments.arity(args, 3);
		long given = Arguments.integer(args.get(2));
		long now = keyspace.now();
		long when;
		try {
			when = Math.multiplyExact(given, unitMillis);
			if (!absolute) {
				when = Math.addExact(when, now);
			}
		}
		catch (ArithmeticException ex) {
			throw new RedisError("ERR invalid expire time in " + args.get(0).toLowerCase(java.util.Locale.ROOT));
		}
		String key = args.get(1);
		Entry entry = keyspace.lookup(key);
		if (entry == null) {
			return 0L;
		}
		if (when <= now) {
			keyspace.delete(key);
			return 1L;
		}
		entry.expireAt = when;
		keyspace.changed(key);
		return 1L;
	}

	private static Object ttl(Keyspace keyspace, List<String> args, boolean seconds) {
		Arguments.arity(args, 2);
		Entry entry = keyspace.lookup(args.get(1));
		if (entry == null) {
			return -2L;
		}
		if (entry.expireAt == Entry.PERSISTENT) {
			return -1L;
		}
		long ttl = Math.max(0, entry.expireAt - keyspace.now());
		return seconds ? (ttl + 500) / 1000 : ttl;
	}

}
