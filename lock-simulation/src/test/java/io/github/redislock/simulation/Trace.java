// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.simulation.server.RedisError;
import io.github.redislock.simulation.server.Status;

/**
 * What a run did, event by event: a hash of every line, so that two runs of one seed can
 * be compared, and the latest lines, printed when a seed fails. A line can be given in
 * parts, which are hashed one by one and joined into text only if the line is printed:
 * most runs print none.
 *
 * @author redis-lock contributors
 */
public final class Trace {

	private static final long RENDERED_ERROR = 0x9e3779b97f4a7c15L;

	private final Object[] latest;

	private final long[] times;

	private int next;

	private long count;

	private long hash = 0xcbf29ce484222325L;

	private List<String> firstViolation;

	private long countAtViolation = -1;

	public Trace(int kept) {
		this.latest = new Object[kept];
		this.times = new long[kept];
	}

	void record(long nanos, String line) {
		this.hash = mix(mix(this.hash, nanos), line.hashCode());
		keep(nanos, line);
	}

	/**
	 * Records the line the parts make when joined, each part as {@link #text(Object)}
	 * writes it; the parts must not change afterwards.
	 */
	void record(long nanos, Object... parts) {
		long hash = mix(this.hash, nanos);
		for (Object part : parts) {
			hash = mix(hash, hash(part));
		}
		this.hash = hash;
		keep(nanos, parts);
	}

	private void keep(long nanos, Object line) {
		this.latest[this.next] = line;
		this.times[this.next] = nanos;
		this.next = (this.next + 1) % this.latest.length;
		this.count++;
	}

	private static long mix(long hash, long value) {
		long mixed = (hash ^ value) * 0x100000001b3L;
		return mixed ^ (mixed >>> 29);
	}

	/** A hash of the part that is the same in every run: never an identity hash. */
	private static long hash(Object part) {
		if (part instanceof String text) {
			return text.hashCode();
		}
		if (part instanceof Long || part instanceof Integer || part == null) {
			return (part != null) ? part.hashCode() : 0;
		}
		if (part instanceof List<?> list) {
			long hash = list.size();
			for (Object element : list) {
				hash = mix(hash, hash(element));
			}
			return hash;
		}
		if (part instanceof RedisError error) {
			return RENDERED_ERROR ^ error.getMessage().hashCode();
		}
		if (part instanceof Status status) {
			return status.text().hashCode();
		}
		return text(part).hashCode();
	}

	/** A part as a line shows it: an error reply as {@code redis-cli} does. */
	static String text(Object part) {
		return (part instanceof RedisError error) ? "(error) " + error.getMessage() : String.valueOf(part);
	}

	public long hash() {
		return this.hash;
	}

	public long count() {
		return this.count;
	}

	/** How many lines were recorded up to the first violation, or in all if none. */
	public long countToViolation() {
		return (this.countAtViolation >= 0) ? this.countAtViolation : this.count;
	}

	/** Keeps the latest lines as they are at the first violation. */
	void violated() {
		if (this.firstViolation == null) {
			this.firstViolation = latest();
			this.countAtViolation = this.count;
		}
	}

	/** The lines up to the first violation if there was one, else the latest. */
	public List<String> report() {
		return (this.firstViolation != null) ? this.firstViolation : latest();
	}

	/** The latest lines, oldest first, each led by its time in nanoseconds. */
	public List<String> latest() {
		List<String> lines = new ArrayList<>(this.latest.length);
		for (int i = 0; i < this.latest.length; i++) {
			int index = (this.next + i) % this.latest.length;
			if (this.latest[index] != null) {
				lines.add(this.times[index] + " " + line(this.latest[index]));
			}
		}
		return lines;
	}

	private static String line(Object line) {
		if (line instanceof Object[] parts) {
			StringBuilder text = new StringBuilder();
			for (Object part : parts) {
				text.append(text(part));
			}
			return text.toString();
		}
		return (String) line;
	}

}
