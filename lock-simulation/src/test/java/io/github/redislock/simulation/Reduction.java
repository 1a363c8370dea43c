// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run leaves out of its seed's run, so that a failing seed can be shrunk and the
 * smaller case replayed: planned faults by their number in the plan (1 for the first
 * planned), callers by name ({@code c1/2}), and kinds of network faults. Written and read
 * as {@code -Dsim.without}, for example {@code fault3,fault7,c1/2,c3/1,late-messages}. A
 * removed fault's time is still drawn and a removed network fault's draws still made, so
 * that the rest of the plan stays where it was; a removed caller never starts.
 *
 * @param faults numbers of the planned faults left out
 * @param callers names of the callers left out
 * @param network kinds of network faults left out
 * @author redis-lock contributors
 */
public record Reduction(Set<Integer> faults, Set<String> callers, Set<NetworkFault> network) {

	/** Nothing left out: the seed's own run. */
	public static final Reduction NONE = new Reduction(Set.of(), Set.of(), Set.of());

	public Reduction {
		faults = Set.copyOf(faults);
		callers = Set.copyOf(callers);
		network = network.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(network));
	}

	/** Parses the form {@link #toString()} writes; blank or {@code null} is none. */
	public static Reduction parse(String text) {
		if (text == null || text.isBlank()) {
			return NONE;
		}
		Set<Integer> faults = new TreeSet<>();
		Set<String> callers = new TreeSet<>();
		Set<NetworkFault> network = EnumSet.noneOf(NetworkFault.class);
		for (String part : text.split(",")) {
			String token = part.trim();
			if (token.isEmpty()) {
				continue;
			}
			if (token.matches("fault\\d+")) {
				faults.add(Integer.parseInt(token.substring("fault".length())));
			}
			else if (token.contains("/")) {
				callers.add(token);
			}
			else {
				network.add(NetworkFault.named(token));
			}
		}
		return new Reduction(faults, callers, network);
	}

	public boolean isNone() {
		return this.faults.isEmpty() && this.callers.isEmpty() && this.network.isEmpty();
	}

	public boolean removesFault(int number) {
		return this.faults.contains(number);
	}

	public boolean removesCaller(String name) {
		return this.callers.contains(name);
	}

	public boolean removes(NetworkFault kind) {
		return this.network.contains(kind);
	}

	/** This reduction and the planned faults given. */
	public Reduction withoutFaults(Collection<Integer> numbers) {
		Set<Integer> faults = new TreeSet<>(this.faults);
		faults.addAll(numbers);
		return new Reduction(faults, this.callers, this.network);
	}

	/** This reduction and the callers given. */
	public Reduction withoutCallers(Collection<String> names) {
		Set<String> callers = new TreeSet<>(this.callers);
		callers.addAll(names);
		return new Reduction(this.faults, callers, this.network);
	}

	/** This reduction and the kinds of network faults given. */
	public Reduction withoutNetwork(Collection<NetworkFault> kinds) {
		Set<NetworkFault> network = EnumSet.noneOf(NetworkFault.class);
		network.addAll(this.network);
		network.addAll(kinds);
		return new Reduction(this.faults, this.callers, network);
	}

	/** The form {@code -Dsim.without} takes, in a stable order. */
	@Override
	public String toString() {
		List<String> parts = new ArrayList<>();
		new TreeSet<>(this.faults).forEach((number) -> parts.add("fault" + number));
		parts.addAll(new TreeSet<>(this.callers));
		EnumSet<NetworkFault> network = EnumSet.noneOf(NetworkFault.class);
		network.addAll(this.network);
		network.forEach((kind) -> parts.add(kind.text));
		return String.join(",", parts);
	}

	/** The faults the network draws per message. */
	public enum NetworkFault {

		/** Messages delayed by up to 300 ms more. */
		LATE_MESSAGES("late-messages"),

		/** Connections breaking silently after a command ran. */
		LOST_REPLIES("lost-replies"),

		/** Pub/sub messages lost. */
		LOST_PUBLICATIONS("lost-publications");

		final String text;

		NetworkFault(String text) {
			this.text = text;
		}

		static NetworkFault named(String text) {
			for (NetworkFault kind : values()) {
				if (kind.text.equals(text)) {
					return kind;
				}
			}
			throw new IllegalArgumentException("No such fault to leave out: '" + text
					+ "' (fault<N>, a caller such as c1/2, late-messages, lost-replies or lost-publications)");
		}

	}

}
