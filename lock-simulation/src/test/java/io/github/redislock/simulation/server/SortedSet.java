// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * A sorted set as Redis orders it: by score, then by member, compared as bytes (the
 * members are ISO-8859-1 strings, so {@link String#compareTo} compares their bytes).
 *
 * @author redis-lock contributors
 */
final class SortedSet {

	private static final Comparator<Member> ORDER = Comparator.comparingDouble(Member::score)
		.thenComparing(Member::name);

	private final TreeSet<Member> ordered = new TreeSet<>(ORDER);

	private final Map<String, Double> scores = new HashMap<>();

	Double score(String member) {
		return this.scores.get(member);
	}

	void put(String member, double score) {
		Double old = this.scores.put(member, score);
		if (old != null) {
			this.ordered.remove(new Member(member, old));
		}
		this.ordered.add(new Member(member, score));
	}

	boolean remove(String member) {
		Double old = this.scores.remove(member);
		if (old == null) {
			return false;
		}
		this.ordered.remove(new Member(member, old));
		return true;
	}

	Member popFirst() {
		Member first = this.ordered.pollFirst();
		if (first != null) {
			this.scores.remove(first.name());
		}
		return first;
	}

	int size() {
		return this.scores.size();
	}

	SortedSet copy() {
		SortedSet copy = new SortedSet();
		this.ordered.forEach((member) -> copy.put(member.name(), member.score()));
		return copy;
	}

	Iterable<Member> members() {
		return this.ordered;
	}

	record Member(String name, double score) {

	}

}
