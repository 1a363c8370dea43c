// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.simulation.server.SimRedis;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Replication, failover, restart and {@code WAIT} of the simulated deployment behave as
 * Redis 6.2 with Sentinel does: a replica gets each write after a lag, with its TTL
 * counted from then; a failover may lose what had not reached the replica; a restart
 * without persistence loses everything; {@code WAIT} counts the replicas that have every
 * write so far.
 *
 * @author redis-lock contributors
 */
class DeploymentTests {

	private static final long LAG = 20_000_000L;

	private final Scheduler scheduler = new Scheduler(1, new Trace(10));

	private final Deployment deployment = new Deployment(this.scheduler, 1, (server, keys) -> {
	});

	DeploymentTests() {
		this.deployment.master().replication().lag(() -> LAG);
	}

	private SimRedis replica() {
		return this.deployment.servers().get(1);
	}

	@Test
	void replicaGetsEachWriteAfterTheLagWithItsTimeToLive() {
		this.deployment.master().execute(List.of("SET", "k", "v", "PX", "1000"));
		assertThat(replica().liveKeys()).isEmpty();
		this.scheduler.runUntil(LAG);
		assertThat(replica().dump()).containsEntry("k", "string v ttl=1000");
		this.deployment.master().execute(List.of("DEL", "k"));
		this.scheduler.runUntil(2 * LAG);
		assertThat(replica().liveKeys()).isEmpty();
	}

	@Test
	void failoverLosesWritesThatHadNotReachedTheReplica() {
		this.deployment.master().execute(List.of("SET", "early", "v"));
		this.scheduler.runUntil(LAG);
		this.deployment.master().execute(List.of("SET", "late", "v"));
		SimRedis old = this.deployment.master();
		assertThat(this.deployment.failover()).isTrue();
		this.scheduler.runUntil(3 * LAG);
		assertThat(this.deployment.master()).isNotSameAs(old);
		assertThat(this.deployment.master().liveKeys()).containsExactly("early");
		assertThat(old.liveKeys()).containsExactly("early");
	}

	@Test
	void restartWithoutPersistenceEmptiesMasterAndReplicas() {
		this.deployment.master().execute(List.of("SET", "k", "v"));
		this.scheduler.runUntil(LAG);
		this.deployment.restartMaster();
		assertThat(this.deployment.master().liveKeys()).isEmpty();
		assertThat(replica().liveKeys()).isEmpty();
	}

	@Test
	void waitCountsReplicasThatHaveEveryWrite() {
		List<Long> replies = new ArrayList<>();
		this.deployment.master().execute(List.of("SET", "k", "v"));
		this.deployment.master().replication().await(1, LAG / 2, replies::add);
		this.scheduler.runUntil(LAG / 2);
		assertThat(replies).containsExactly(0L);
		this.deployment.master().replication().await(1, 0, replies::add);
		this.scheduler.runUntil(LAG);
		assertThat(replies).containsExactly(0L, 1L);
		this.deployment.master().replication().await(1, 0, replies::add);
		assertThat(replies).containsExactly(0L, 1L, 1L);
	}

	@Test
	void serverClocksJumpAndDrift() {
		SimRedis master = this.deployment.master();
		master.execute(List.of("SET", "k", "v", "PX", "1000"));
		master.clock().jump(2_000_000_000L);
		assertThat(master.execute(List.of("GET", "k"))).isNull();
		master.execute(List.of("SET", "k", "v", "PX", "1000"));
		master.clock().rate(2.0);
		this.scheduler.runUntil(this.scheduler.nanos() + 600_000_000L);
		assertThat(master.execute(List.of("GET", "k"))).isNull();
	}

}
