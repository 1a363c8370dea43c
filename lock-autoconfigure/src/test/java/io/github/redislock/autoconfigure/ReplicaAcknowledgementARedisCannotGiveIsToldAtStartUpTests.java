// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockClient;
import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisReplicationGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Replica acknowledgement that the Redis cannot give would fail every acquisition:
 * {@code redis-lock.replica-ack.fsync} needs {@code WAITAOF} (Redis 7.2 or later) and an
 * append-only file, so start-up stops, naming what the server lacks (run on a Redis older
 * than 7.2); fewer connected replicas than {@code redis-lock.replica-ack.replicas} is
 * warned about, as replicas may connect later.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class ReplicaAcknowledgementARedisCannotGiveIsToldAtStartUpTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class));

	private RedisNode server;

	private String version;

	@BeforeEach
	void start() {
		this.server = this.redis.standalone();
		this.version = String.valueOf(this.server.command("INFO", "server"))
			.replaceAll("(?s).*redis_version:([0-9.]+).*", "$1");
	}

	private void assumeOlderThanWaitaof() {
		assumeThat(Runtime.Version.parse(this.version).compareTo(Runtime.Version.parse("7.2"))).as(this.version)
			.isNegative();
	}

	@Test
	void aServerTooOldAndWithoutAnAppendOnlyFileIsNamedWithBoth() {
		assumeOlderThanWaitaof();
		this.runner.withPropertyValues(properties("redis-lock.replica-ack.fsync=true")).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(failure(context.getStartupFailure()).getMessage()).contains("Redis at " + this.server.address(),
					"runs Redis " + this.version, "has appendonly no", "Redis 7.2 or later with appendonly yes");
		});
	}

	@Test
	void aServerTooOldIsNamedEvenWithAnAppendOnlyFile() {
		assumeOlderThanWaitaof();
		this.server.command("CONFIG", "SET", "appendonly", "yes");
		this.runner.withPropertyValues(properties("redis-lock.replica-ack.fsync=true")).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(failure(context.getStartupFailure()).getMessage()).contains("runs Redis " + this.version)
				.doesNotContain("appendonly no");
		});
	}

	@Test
	void everyClusterNodeIsNamed() {
		assumeOlderThanWaitaof();
		RedisCluster cluster = this.redis.cluster(3, 0);
		cluster.masters().get(0).command("CONFIG", "SET", "appendonly", "yes");
		this.runner
			.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", cluster.addresses()),
					"redis-lock.replica-ack.fsync=true")
			.run((context) -> assertThat(failure(context.getStartupFailure()).getMessage())
				.contains(cluster.masters().get(1).address() + " has appendonly no",
						cluster.masters().get(2).address() + " has appendonly no",
						cluster.masters().get(0).address() + " runs Redis " + this.version)
				.doesNotContain(cluster.masters().get(0).address() + " has appendonly no"));
	}

	@Test
	void waitingForMoreReplicasThanAreConnectedStartsAndWarnsNamingTheServer(CapturedOutput output) {
		this.runner.withPropertyValues(properties("redis-lock.replica-ack.replicas=1")).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
			assertThat(output).contains("redis-lock.replica-ack.replicas is 1, but on Redis at " + this.server.address()
					+ " the master has 0 connected");
		});
	}

	@Test
	void waitingForTheReplicasThatAreConnectedStartsWithoutAWarning(CapturedOutput output) {
		RedisReplicationGroup group = this.redis.masterWithReplicas(1);
		group.awaitReplicasInSync();
		this.runner
			.withPropertyValues("spring.data.redis.host=" + group.master().host(),
					"spring.data.redis.port=" + group.master().port(), "redis-lock.replica-ack.replicas=1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).doesNotContain("redis-lock.replica-ack.replicas is");
			});
	}

	private String[] properties(String replicaAck) {
		return new String[] { "spring.data.redis.host=" + this.server.host(),
				"spring.data.redis.port=" + this.server.port(), replicaAck };
	}

	private static InvalidLockConfigurationException failure(Throwable failure) {
		assertThat(failure).isNotNull();
		Throwable cause = NestedExceptionUtils.getRootCause(failure);
		assertThat(cause).isInstanceOf(InvalidLockConfigurationException.class);
		return (InvalidLockConfigurationException) cause;
	}

}
