// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run did, event by event: a hash of every line, so that two runs of one seed can
 * be compared, and the latest lines, printed when a seed fails.
 *
 * @author redis-lock contributors
 */
public final class Trace {

	private final String[] latest;

	private final long[] times;

	private int next;

	private long count;

	private long hash = 0xcbf29ce484222325L;

	private List<String> firstViolation;

	private long countAtViolation = -1;

	public Trace(int kept) {
		this.latest = new String[kept];
		this.times = new long[kept];
	}

	void record(long nanos, String line) {
		this.hash = mix(mix(this.hash, nanos), line.hashCode());
		this.latest[this.next] = line;
		this.times[this.next] = nanos;
		this.next = (this.next + 1) % this.latest.length;
		this.count++;
	}

	private static long mix(long hash, long value) {
		long mixed = (hash ^ value) * 0x100000001b3L;
		return mixed ^ (mixed >>> 29);
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
				lines.add(this.times[index] + " " + this.latest[index]);
			}
		}
		return lines;
	}

}
