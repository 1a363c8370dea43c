// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

import io.github.redislock.torture.supervisor.FaultKind;
import io.github.redislock.torture.supervisor.TortureRun;
import io.github.redislock.torture.supervisor.TortureSettings;
import io.github.redislock.torture.supervisor.TortureSummary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lock keeps its promises under faults, checked by an oracle the faults never touch:
 * no overlap and no lost update within the timing assumptions, no stale fenced write
 * accepted and no unreported overlap beyond them, every key with a TTL, every lock
 * acquirable again soon after a fault heals, nothing left after shutdown.
 * <p>
 * The CI tier runs with every build; {@code -Dtorture.tier=long} runs the long one and
 * {@code -Dtorture.seed=} replays a schedule (see {@code docs/torture-results.md}).
 *
 * @author redis-lock contributors
 */
class LockTortureTests {

	@Test
	void locksKeepTheirPromisesUnderFaults() throws IOException {
		TortureSettings settings = TortureSettings.fromSystemProperties();
		Path output = Paths.get(System.getProperty("torture.output", "target/torture"));
		TortureSummary summary = new TortureRun(settings, output.resolve("workers")).run();
		String text = summary.toString();
		System.out.println(text);
		Files.writeString(output.resolve("summary-" + settings.tier() + ".txt"), text + System.lineSeparator());
		assertThat(summary.sections()).as("sections completed").isGreaterThanOrEqualTo(settings.faultFreeSections());
		if (settings.topology().equals("standalone")) {
			assertThat(summary.scheduled()).as("fault kinds on the standalone Redis behind the proxy")
				.containsAll(settings.faults().stream().filter((kind) -> !kind.isClockSkewFailover()).toList());
		}
		for (FaultKind kind : summary.scheduled()) {
			assertThat(summary.injected().getOrDefault(kind, 0)).as("%s injected", kind.description())
				.isGreaterThanOrEqualTo(settings.faultsPerKind());
		}
		assertThat(summary.violations()).as(text).isEmpty();
	}

}
