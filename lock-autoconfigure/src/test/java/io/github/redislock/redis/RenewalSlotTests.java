/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
