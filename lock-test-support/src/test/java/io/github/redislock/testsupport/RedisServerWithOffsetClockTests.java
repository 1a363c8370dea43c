// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A node started with a clock offset runs a real redis-server whose wall clock (TIME, key
 * expiry, absolute expiry times) is that far from the machine's, on every kind of node a
 * clock-skew test needs: a standalone master, Redlock masters, replicas.
 *
 * @author redis-lock contributors
 */
class RedisServerWithOffsetClockTests {

	private static final Duration TWO_MINUTES = Duration.ofMinutes(2);

	private static final long TOLERANCE_MILLIS = 1000;

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension(() -> RedisBinaryLocator.onPath().orElseThrow());

	@BeforeAll
	static void requireInstalledServer() {
		assumeTrue(RedisBinaryLocator.onPath().isPresent(), "no redis-server on the PATH");
	}

	@Test
	void serverAheadReportsTimeAheadByTheOffset() {
		RedisNode node = this.redis.fixture().standalone(TWO_MINUTES);
		assertThat(node.clockOffset()).isEqualTo(TWO_MINUTES);
		assertThat(serverMillis(node) - System.currentTimeMillis()).isCloseTo(TWO_MINUTES.toMillis(),
				within(TOLERANCE_MILLIS));
	}

	@Test
	void serverBehindReportsTimeBehindByTheOffset() {
		RedisNode node = this.redis.fixture().standalone(TWO_MINUTES.negated());
		assertThat(serverMillis(node) - System.currentTimeMillis()).isCloseTo(-TWO_MINUTES.toMillis(),
				within(TOLERANCE_MILLIS));
	}

	@Test
	void keyWithRelativeExpiryExpiresByTheServersOwnClock() {
		RedisNode node = this.redis.fixture().standalone(TWO_MINUTES);
		assertThat(node.command("SET", "lease", "owner", "PX", "300")).isEqualTo("OK");
		assertThat((Long) node.command("PTTL", "lease")).isBetween(1L, 300L);
		await().atMost(Duration.ofSeconds(5)).until(() -> node.command("GET", "lease") == null);
	}

	@Test
	void absoluteExpiryIsReadOnTheServersClock() {
		RedisNode ahead = this.redis.fixture().standalone(TWO_MINUTES);
		RedisNode behind = this.redis.fixture().standalone(TWO_MINUTES.negated());
		String inOneMinute = Long.toString(System.currentTimeMillis() + Duration.ofMinutes(1).toMillis());
		ahead.command("SET", "lease", "owner", "PXAT", inOneMinute);
		behind.command("SET", "lease", "owner", "PXAT", inOneMinute);
		assertThat(ahead.command("GET", "lease")).as("a minute from now is already past on a clock 2 min ahead")
			.isNull();
		assertThat((Long) behind.command("PTTL", "lease")).isCloseTo(Duration.ofMinutes(3).toMillis(),
				within(TOLERANCE_MILLIS));
	}

	@Test
	void mastersRunEachWithItsOwnOffset() {
		List<RedisNode> masters = this.redis.fixture()
			.masters(List.of(TWO_MINUTES, Duration.ZERO, TWO_MINUTES.negated()));
		long now = System.currentTimeMillis();
		assertThat(serverMillis(masters.get(0)) - now).isCloseTo(TWO_MINUTES.toMillis(), within(TOLERANCE_MILLIS));
		assertThat(serverMillis(masters.get(1)) - now).isCloseTo(0L, within(TOLERANCE_MILLIS));
		assertThat(serverMillis(masters.get(2)) - now).isCloseTo(-TWO_MINUTES.toMillis(), within(TOLERANCE_MILLIS));
		assertThat(masters.get(1).clockOffset()).isZero();
	}

	@Test
	void offsetIsKeptAcrossRestart() {
		RedisNode node = this.redis.fixture().standalone(TWO_MINUTES.negated());
		long pid = node.pid();
		node.kill();
		node.restart();
		assertThat(node.pid()).isNotEqualTo(pid);
		assertThat(serverMillis(node) - System.currentTimeMillis()).isCloseTo(-TWO_MINUTES.toMillis(),
				within(TOLERANCE_MILLIS));
	}

	@Test
	void restartCanChangeTheOffset() {
		RedisNode node = this.redis.fixture().standalone();
		node.restart(TWO_MINUTES);
		assertThat(node.clockOffset()).isEqualTo(TWO_MINUTES);
		assertThat(serverMillis(node) - System.currentTimeMillis()).isCloseTo(TWO_MINUTES.toMillis(),
				within(TOLERANCE_MILLIS));
		node.restart(Duration.ZERO);
		assertThat(serverMillis(node) - System.currentTimeMillis()).isCloseTo(0L, within(TOLERANCE_MILLIS));
	}

	@Test
	void replicaAheadEndsAReplicatedLeaseEarlyByItsOffset() {
		assumeTrue(this.redis.fixture().binary().isAtLeast(7, 0), "Redis 7 replicates expiry as absolute time");
		RedisReplicationGroup group = this.redis.fixture().masterWithReplicas(List.of(TWO_MINUTES));
		RedisNode master = group.master();
		RedisNode replica = group.replicas().get(0);
		assertThat(serverMillis(master) - System.currentTimeMillis()).isCloseTo(0L, within(TOLERANCE_MILLIS));
		try (Jedis client = new Jedis(master.host(), master.port())) {
			client.psetex("lease", Duration.ofMinutes(1).toMillis(), "owner");
			assertThat(client.waitReplicas(1, 2000)).isEqualTo(1L);
		}
		assertThat(master.command("GET", "lease")).isEqualTo("owner");
		assertThat(replica.command("GET", "lease")).as("the replica's clock is past the replicated PXAT").isNull();
	}

	@Test
	void sentinelFailsOverToAReplicaWhoseClockIsBehind() {
		RedisSentinelGroup group = this.redis.fixture().sentinel(3, List.of(TWO_MINUTES.negated()));
		RedisNode replica = group.replicas().get(0);
		assertThat(replica.clockOffset()).isEqualTo(TWO_MINUTES.negated());
		group.master().kill();
		RedisNode promoted = group.awaitFailoverFrom(group.master(), Duration.ofSeconds(30));
		assertThat(promoted).isSameAs(replica);
		assertThat(serverMillis(promoted) - System.currentTimeMillis()).isCloseTo(-TWO_MINUTES.toMillis(),
				within(TOLERANCE_MILLIS));
	}

	private static long serverMillis(RedisNode node) {
		List<?> time = (List<?>) node.command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1000 + Long.parseLong(String.valueOf(time.get(1))) / 1000;
	}

}
