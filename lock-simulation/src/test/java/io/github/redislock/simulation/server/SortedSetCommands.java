// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ZADD} (with {@code NX}, {@code XX}, {@code GT}, {@code LT}, {@code CH}),
 * {@code ZREM}, {@code ZPOPMIN}, {@code ZSCORE} and {@code ZCARD}.
 *
 * @author redis-lock contributors
 */
final class SortedSetCommands {

	private SortedSetCommands() {
	}

	static void register(Map<String, Command> table) {
		table.put("ZADD", SortedSetCommands::zadd);
		table.put("ZREM", (keyspace, args) -> {
			Arguments.arity(args, -3);
			String key = args.get(1);
			SortedSet set = keyspace.sortedSet(key, false);
			if (set == null) {
				return 0L;
			}
			long removed = 0;
			for (String member : args.subList(2, args.size())) {
				removed += set.remove(member) ? 1 : 0;
			}
			if (removed > 0) {
				keyspace.changed(key);
			}
			return removed;
		});
		table.put("ZPOPMIN", (keyspace, args) -> {
			if (args.size() < 2 || args.size() > 3) {
				throw new RedisError(RedisError.SYNTAX);
			}
			long count = (args.size() == 3) ? Arguments.integer(args.get(2)) : 1;
			String key = args.get(1);
			SortedSet set = keyspace.sortedSet(key, false);
			List<Object> reply = new ArrayList<>();
			if (set == null || count <= 0) {
				return reply;
			}
			for (long i = 0; i < count && set.size() > 0; i++) {
				SortedSet.Member first = set.popFirst();
				reply.add(first.name());
				reply.add(Arguments.formatDouble(first.score()));
			}
			keyspace.changed(key);
			return reply;
		});
		table.put("ZSCORE", (keyspace, args) -> {
			Arguments.arity(args, 3);
			SortedSet set = keyspace.sortedSet(args.get(1), false);
			Double score = (set != null) ? set.score(args.get(2)) : null;
			return (score != null) ? Arguments.formatDouble(score) : null;
		});
		table.put("ZCARD", (keyspace, args) -> {
			Arguments.arity(args, 2);
			SortedSet set = keyspace.sortedSet(args.get(1), false);
			return (set != null) ? (long) set.size() : 0L;
		});
	}

	private static Object zadd(Keyspace keyspace, List<String> args) {
		Arguments.arity(args, -4);
		boolean nx = false;
		boolean xx = false;
		boolean gt = false;
		boolean lt = false;
		boolean ch = false;
		int i = 2;
		for (; i < args.size(); i++) {
			String option = args.get(i).toUpperCase(Locale.ROOT);
			if (option.equals("NX")) {
				nx = true;
			}
			else if (option.equals("XX")) {
				xx = true;
			}
			else if (option.equals("GT")) {
				gt = true;
			}
			else if (option.equals("LT")) {
				lt = true;
			}
			else if (option.equals("CH")) {
				ch = true;
			}
			else if (option.equals("INCR")) {
				throw new RedisError("ERR the simulated Redis does not implement ZADD INCR");
			}
			else {
				break;
			}
		}
		int pairs = args.size() - i;
		if (pairs == 0 || pairs % 2 != 0) {
			throw new RedisError(RedisError.SYNTAX);
		}
		if (nx && xx) {
			throw new RedisError("ERR XX and NX options at the same time are not compatible");
		}
		if ((gt && nx) || (lt && nx) || (gt && lt)) {
			throw new RedisError("ERR GT, LT, and/or NX options at the same time are not compatible");
		}
		double[] scores = new double[pairs / 2];
		for (int p = 0; p < scores.length; p++) {
			scores[p] = Arguments.score(args.get(i + 2 * p));
		}
		String key = args.get(1);
		if (xx && keyspace.sortedSet(key, false) == null) {
			return 0L;
		}
		SortedSet set = keyspace.sortedSet(key, true);
		long added = 0;
		long updated = 0;
		for (int p = 0; p < scores.length; p++) {
			String member = args.get(i + 2 * p + 1);
			Double current = set.score(member);
			if (current == null) {
				if (!xx) {
					set.put(member, scores[p]);
					added++;
				}
			}
			else if (!nx && !(gt && scores[p] <= current) && !(lt && scores[p] >= current) && current != scores[p]) {
				set.put(member, scores[p]);
				updated++;
			}
		}
		keyspace.changed(key);
		return ch ? added + updated : added;
	}

}
