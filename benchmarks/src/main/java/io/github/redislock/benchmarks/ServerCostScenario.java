// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Scenario f: what one uncontended lock+unlock and one cross-JVM hand-off cost the
 * server: commands sent by clients and commands executed (those called by scripts
 * included), counted by {@link CommandMonitor}, and socket reads, which count a pipelined
 * burst once and so are the round trips. Both include whatever other clients of the
 * server sent meanwhile (Redisson's connection pings every 30 s, for example).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ServerCostScenario {

	private static final int LOCKS = 100;

	private static final int HANDOFFS = 20;

	private static final int CPU_LOCKS = 5000;

	private final Bench bench;

	private final HandoffScenarios handoffs;

	private final String redisCli;

	ServerCostScenario(Bench bench, HandoffScenarios handoffs, String redisCli) {
		this.bench = bench;
		this.handoffs = handoffs;
		this.redisCli = redisCli;
	}

	void run() throws Exception {
		for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
			for (String id : this.bench.settings.order(rep)) {
				Contender contender = this.bench.contender(id);
				CommandMonitor monitor = CommandMonitor.start(this.redisCli, this.bench.server);
				BenchServer.Snapshot before = this.bench.server.snapshot();
				for (int i = 0; i < LOCKS; i++) {
					contender.locked("f:lock:" + rep, () -> {
					});
				}
				BenchServer.Snapshot after = this.bench.server.snapshot();
				CommandMonitor.Counts locks = monitor.stop();
				this.bench.results.add("f", id, "lockReads", (double) after.readsSince(before) / LOCKS);
				this.bench.results.add("f", id, "lockClient", (double) locks.clientCommands() / LOCKS);
				this.bench.results.add("f", id, "lockCmds", (double) locks.commands() / LOCKS);
				this.bench.results.text("f", id, "lockMix", mix(locks, LOCKS));
				monitor = CommandMonitor.start(this.redisCli, this.bench.server);
				before = this.bench.server.snapshot();
				int handedOff = (int) this.handoffs
					.measure(id, "f:handoff:" + rep, true, HANDOFFS, Duration.ofSeconds(3))
					.getTotalCount();
				after = this.bench.server.snapshot();
				CommandMonitor.Counts handoffs = monitor.stop();
				if (handedOff > 0) {
					this.bench.results.add("f", id, "handoffReads", (double) after.readsSince(before) / handedOff);
					this.bench.results.add("f", id, "handoffClient", (double) handoffs.clientCommands() / handedOff);
					this.bench.results.add("f", id, "handoffCmds", (double) handoffs.commands() / handedOff);
					this.bench.results.text("f", id, "handoffMix", mix(handoffs, handedOff));
				}
				measureCpu(contender, rep);
			}
		}
	}

	/**
	 * Measure the CPU time one lock+unlock costs the server and this JVM, without the
	 * monitor, which would add its own.
	 */
	private void measureCpu(Contender contender, int rep) throws Exception {
		BenchServer.Snapshot before = this.bench.server.snapshot();
		long clientBefore = Bench.processCpuNanos();
		for (int i = 0; i < CPU_LOCKS; i++) {
			contender.locked("f:cpu:" + rep, () -> {
			});
		}
		long client = Bench.processCpuNanos() - clientBefore;
		BenchServer.Snapshot after = this.bench.server.snapshot();
		this.bench.results.add("f", contender.id(), "serverUs",
				(after.cpuSeconds() - before.cpuSeconds()) * 1e6 / CPU_LOCKS);
		this.bench.results.add("f", contender.id(), "clientUs", client / 1e3 / CPU_LOCKS);
	}

	private static String mix(CommandMonitor.Counts counts, int operations) {
		return counts.byCommand()
			.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.map((entry) -> String.format(Locale.ROOT, "%s %s", entry.getKey(),
					Measurements.format((double) entry.getValue() / operations)))
			.collect(Collectors.joining(", "));
	}

}
