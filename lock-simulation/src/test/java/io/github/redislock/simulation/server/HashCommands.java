// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code HSET}, {@code HGET}, {@code HDEL}, {@code HLEN} and {@code HGETALL}.
 *
 * @author redis-lock contributors
 */
final class HashCommands {

	private HashCommands() {
	}

	static void register(Map<String, Command> table) {
		table.put("HSET", (keyspace, args) -> {
			Arguments.arity(args, -4);
			if (args.size() % 2 != 0) {
				throw new RedisError("ERR wrong number of arguments for 'hset' command");
			}
			String key = args.get(1);
			HashMap<String, String> hash = keyspace.hash(key, true);
			long added = 0;
			for (int i = 2; i < args.size(); i += 2) {
				added += (hash.put(args.get(i), args.get(i + 1)) == null) ? 1 : 0;
			}
			keyspace.changed(key);
			return added;
		});
		table.put("HGET", (keyspace, args) -> {
			Arguments.arity(args, 3);
			HashMap<String, String> hash = keyspace.hash(args.get(1), false);
			return (hash != null) ? hash.get(args.get(2)) : null;
		});
		table.put("HDEL", (keyspace, args) -> {
			Arguments.arity(args, -3);
			String key = args.get(1);
			HashMap<String, String> hash = keyspace.hash(key, false);
			if (hash == null) {
				return 0L;
			}
			long deleted = 0;
			for (String field : args.subList(2, args.size())) {
				deleted += (hash.remove(field) != null) ? 1 : 0;
			}
			if (deleted > 0) {
				keyspace.changed(key);
			}
			return deleted;
		});
		table.put("HLEN", (keyspace, args) -> {
			Arguments.arity(args, 2);
			HashMap<String, String> hash = keyspace.hash(args.get(1), false);
			return (hash != null) ? (long) hash.size() : 0L;
		});
		table.put("HGETALL", (keyspace, args) -> {
			Arguments.arity(args, 2);
			HashMap<String, String> hash = keyspace.hash(args.get(1), false);
			List<Object> reply = new ArrayList<>();
			if (hash != null) {
				hash.forEach((field, value) -> {
					reply.add(field);
					reply.add(value);
				});
			}
			return reply;
		});
	}

}
