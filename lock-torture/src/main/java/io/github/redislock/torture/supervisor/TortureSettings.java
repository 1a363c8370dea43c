// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The size of a run. The CI tier fits the build's budget on a 2-core machine; the long
 * tier is the documented command for the record in {@code docs/torture-results.md}.
 *
 * @param tier {@code ci} or {@code long}
 * @param topology where the locks live: {@code standalone}, {@code sentinel},
 * {@code sentinel-acks}, {@code cluster}, {@code redlock}, or with servers' clocks offset
 * {@code sentinel-skew}, {@code sentinel-acks-skew}, {@code redlock-skew}
 * @param workers how many worker JVMs, alternately annotation and programmatic
 * @param threads how many section threads each worker runs
 * @param locks the lock names
 * @param faultFreeSections how many sections to complete before the first fault, if a
 * third of the run time allows, and at least in the whole run
 * @param faultsPerKind how many times each fault kind is injected
 * @param faults the fault kinds to inject, all by default
 * @param seed the seed of the fault schedule
 * @param maxDuration the run's hard limit: workers stop by themselves after it
 * @author redis-lock contributors
 */
public record TortureSettings(String tier, String topology, int workers, int threads, List<String> locks,
		long faultFreeSections, int faultsPerKind, List<FaultKind> faults, long seed, Duration maxDuration) {

	/**
	 * Return the settings of a tier, with a seed given or drawn.
	 * @param tier {@code ci} or {@code long}
	 * @param seed the seed, or {@code null} to draw one
	 * @return the settings
	 */
	public static TortureSettings of(String tier, Long seed) {
		long chosen = (seed != null) ? seed : System.nanoTime() ^ System.currentTimeMillis();
		return switch (tier) {
			case "ci" ->
				new TortureSettings(tier, "standalone", 2, 8, locks(4), 20_000, 3, ALL, chosen, Duration.ofMinutes(12));
			// 40 minutes: a clock-skew Sentinel run adds 30 failovers of up to a minute.
			case "long" -> new TortureSettings(tier, "standalone", 4, 8, locks(4), 100_000, 12, ALL, chosen,
					Duration.ofMinutes(40));
			default -> throw new IllegalArgumentException("Unknown torture tier '" + tier + "': use ci or long");
		};
	}

	/**
	 * Return the settings the system properties ask for: {@code torture.tier} ({@code ci}
	 * by default) and {@code torture.seed} (drawn when absent).
	 * @return the settings
	 */
	public static TortureSettings fromSystemProperties() {
		String seed = System.getProperty("torture.seed", "");
		TortureSettings settings = of(System.getProperty("torture.tier", "ci"),
				seed.isBlank() ? null : Long.parseLong(seed.trim()));
		settings = settings.onTopology(System.getProperty("torture.topology", "standalone"));
		String faults = System.getProperty("torture.faults", "");
		return faults.isBlank() ? settings : settings
			.withFaults(Arrays.stream(faults.split(",")).map(String::trim).map(FaultKind::valueOf).toList());
	}

	/**
	 * Return how many times to inject each kind when so many kinds apply: the long tier
	 * injects more of each where the proxy's kinds do not apply, to reach its 150 faults.
	 * @param kinds how many fault kinds apply
	 * @return the faults per kind
	 */
	public int faultsPerKind(int kinds) {
		if (!"long".equals(this.tier) || kinds == 0) {
			return this.faultsPerKind;
		}
		return Math.max(this.faultsPerKind, (LONG_TIER_MIN_FAULTS + kinds - 1) / kinds);
	}

	/**
	 * Return these settings on another topology.
	 * @param topology {@code standalone}, {@code sentinel}, {@code sentinel-acks},
	 * {@code cluster}, {@code redlock}, {@code sentinel-skew}, {@code sentinel-acks-skew}
	 * or {@code redlock-skew}
	 * @return the new settings
	 */
	public TortureSettings onTopology(String topology) {
		return new TortureSettings(this.tier, topology, this.workers, this.threads, this.locks, this.faultFreeSections,
				this.faultsPerKind, this.faults, this.seed, this.maxDuration);
	}

	/**
	 * Return these settings with only some fault kinds, to chase one kind of finding.
	 * @param faults the fault kinds to inject
	 * @return the new settings
	 */
	public TortureSettings withFaults(List<FaultKind> faults) {
		return new TortureSettings(this.tier, this.topology, this.workers, this.threads, this.locks,
				this.faultFreeSections, this.faultsPerKind, List.copyOf(faults), this.seed, this.maxDuration);
	}

	private static final List<FaultKind> ALL = List.of(FaultKind.values());

	/**
	 * The long tier injects at least this many faults, also where fewer kinds apply.
	 */
	private static final int LONG_TIER_MIN_FAULTS = 150;

	private static List<String> locks(int count) {
		return IntStream.range(0, count).mapToObj((i) -> "torture:k" + i).toList();
	}

}
