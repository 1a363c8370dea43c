// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Renewals on Redis Cluster group leases by the hash slot Redis computes from the UTF-8
 * bytes of each key, whatever the JVM's default charset: on Java 17 that charset follows
 * the platform, and grouping by it put keys of distinct slots in one script call, which
 * Redis refuses.
 *
 * @author redis-lock contributors
 */
class RenewalSlotTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void renewalsOfNamesTheDefaultCharsetCannotEncodeReachTheirSlots() throws Exception {
		RedisLockKeys keys = new RedisLockKeys("lock:");
		List<Integer> slots = RenewalSlotProbe.NAMES.stream()
			.map((name) -> ClusterSlotHashUtil.calculateSlot(keys.lockKey(name).getBytes(StandardCharsets.UTF_8)))
			.toList();
		assertThat(slots).as("hash slots of the names").doesNotHaveDuplicates();
		RedisCluster cluster = redis.cluster(3, 0);
		List<String> output = runProbe(cluster.addresses());
		assumeThat(output).as("probe output: a JVM whose default charset can be set").contains("CHARSET US-ASCII");
		assertThat(output).as("probe output").contains("RENEWED [true, true]");
	}

	private static List<String> runProbe(List<String> addresses) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dfile.encoding=US-ASCII",
						"-cp", System.getProperty("java.class.path"), RenewalSlotProbe.class.getName()));
		command.addAll(addresses);
		Path output = Files.createTempFile("renewal-slot-probe", ".log");
		try {
			Process jvm = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
			try {
				assertThat(jvm.waitFor(60, TimeUnit.SECONDS)).as("probe JVM ended").isTrue();
			}
			finally {
				jvm.destroyForcibly();
			}
			return Files.readAllLines(output, StandardCharsets.UTF_8);
		}
		finally {
			Files.delete(output);
		}
	}

}
