// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code LPUSH}, {@code LPOS} (without options), {@code LTRIM}, {@code LRANGE} and
 * {@code LLEN}.
 *
 * @author redis-lock contributors
 */
final class ListCommands {

	private ListCommands() {
	}

	static void register(Map<String, Command> table) {
		table.put("LPUSH", (keyspace, args) -> {
			Arguments.arity(args, -3);
			String key = args.get(1);
			ArrayList<String> list = keyspace.list(key, true);
			for (String element : args.subList(2, args.size())) {
				list.add(0, element);
			}
			keyspace.changed(key);
			return (long) list.size();
		});
		table.put("LPOS", (keyspace, args) -> {
			if (args.size() != 3) {
				throw new RedisError("ERR the simulated Redis implements LPOS key element only");
			}
			ArrayList<String> list = keyspace.list(args.get(1), false);
			int index = (list != null) ? list.indexOf(args.get(2)) : -1;
			return (index >= 0) ? (Object) (long) index : null;
		});
		table.put("LTRIM", (keyspace, args) -> {
			Arguments.arity(args, 4);
			long start = Arguments.integer(args.get(2));
			long stop = Arguments.integer(args.get(3));
			String key = args.get(1);
			ArrayList<String> list = keyspace.list(key, false);
			if (list == null) {
				return Status.OK;
			}
			int[] range = range(start, stop, list.size());
			List<String> kept = (range == null) ? List.of() : new ArrayList<>(list.subList(range[0], range[1] + 1));
			list.clear();
			list.addAll(kept);
			keyspace.changed(key);
			return Status.OK;
		});
		table.put("LRANGE", (keyspace, args) -> {
			Arguments.arity(args, 4);
			long start = Arguments.integer(args.get(2));
			long stop = Arguments.integer(args.get(3));
			ArrayList<String> list = keyspace.list(args.get(1), false);
			int[] range = (list != null) ? range(start, stop, list.size()) : null;
			return (range == null) ? new ArrayList<>() : new ArrayList<Object>(list.subList(range[0], range[1] + 1));
		});
		table.put("LLEN", (keyspace, args) -> {
			Arguments.arity(args, 2);
			ArrayList<String> list = keyspace.list(args.get(1), false);
			return (list != null) ? (long) list.size() : 0L;
		});
	}

	/** Redis's index rules: negative from the tail, clamped; {@code null} if empty. */
	private static int[] range(long start, long stop, int size) {
		if (start < 0) {
			start = Math.max(0, size + start);
		}
		if (stop < 0) {
			stop = size + stop;
		}
		if (start > stop || start >= size) {
			return null;
		}
		stop = Math.min(stop, size - 1);
		return new int[] { (int) start, (int) stop };
	}

}
