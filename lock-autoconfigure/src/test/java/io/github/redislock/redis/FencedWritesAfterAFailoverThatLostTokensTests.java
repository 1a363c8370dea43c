// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.fencing.FencedJdbcTemplate;
import io.github.redislock.fencing.FencedRedisTemplate;
import io.github.redislock.testsupport.PostgresServer;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Sentinel failover to a replica that had not received the last token counter writes
 * and whose clock is two minutes behind (a redis-server run with an offset clock): its
 * tokens restart below those the fenced resource already holds, and its clock cannot lift
 * them for two minutes. The fenced writes raise the lock's tokens above the one that
 * refused them, so the first holder after the failover is refused and every later holder
 * is accepted; without the raise every holder would be refused for the two minutes. The
 * same with replicas acknowledging, when the promoted replica is not the one that
 * acknowledged.
 *
 * @author redis-lock contributors
 */
class FencedWritesAfterAFailoverThatLostTokensTests {

	private static final Duration BEHIND = Duration.ofMinutes(2);

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(30);

	private static final int BEFORE_THE_CUT = 2;

	private static final int LOST_IN_THE_FAILOVER = 3;

	private static final int AFTER_THE_FAILOVER = 5;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> resources = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable resource : this.resources) {
			resource.close();
		}
	}

	@Test
	void postgresqlRefusesOnlyTheFirstHolderAfterAFailoverThatLostTokensAndAcceptsEveryLaterOne() throws Exception {
		PostgresServer postgres = PostgresServer.start();
		this.resources.add(postgres);
		JdbcClient jdbc = JdbcClient
			.create(new DriverManagerDataSource(postgres.jdbcUrl(), postgres.user(), postgres.password()));
		jdbc.sql("create table stock (sku varchar(20) primary key, writes int not null, fencing_token bigint)")
			.update();
		jdbc.sql("insert into stock values ('a1', 0, null)").update();
		FencedJdbcTemplate fenced = new FencedJdbcTemplate(jdbc);

		Writes writes = afterAFailoverThatLostTokens(
				(lock) -> fenced.forLock(lock).update("UPDATE stock SET writes = writes + 1 WHERE sku = ?", "a1"));

		assertThat(writes.refused()).as("holders refused after the failover").isEqualTo(1);
		assertThat(writes.accepted()).as("holders accepted after the failover").isEqualTo(AFTER_THE_FAILOVER - 1);
		Map<String, Object> row = jdbc.sql("select writes, fencing_token from stock where sku = 'a1'")
			.query()
			.singleRow();
		assertThat(row.values()).containsExactly(BEFORE_THE_CUT + LOST_IN_THE_FAILOVER + AFTER_THE_FAILOVER - 1,
				writes.lastToken());
	}

	@Test
	void aFencedRedisValueRefusesOnlyTheFirstHolderAfterAFailoverThatLostTokensAndAcceptsEveryLaterOne()
			throws Exception {
		RedisNode data = redis.standalone();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(RedisNode.HOST, data.port()));
		factory.afterPropertiesSet();
		factory.start();
		this.resources.add(factory::destroy);
		StringRedisTemplate template = new StringRedisTemplate(factory);
		FencedRedisTemplate fenced = new FencedRedisTemplate(template);
		int[] written = new int[1];

		Writes writes = afterAFailoverThatLostTokens((lock) -> {
			fenced.forLock(lock).set("stock:a1", Integer.toString(++written[0]));
			return 1;
		});

		assertThat(writes.refused()).as("holders refused after the failover").isEqualTo(1);
		assertThat(writes.accepted()).as("holders accepted after the failover").isEqualTo(AFTER_THE_FAILOVER - 1);
		assertThat(template.opsForValue().get("stock:a1")).as("the last write accepted")
			.isEqualTo(Integer.toString(written[0]));
		assertThat(template.opsForValue().get(FencedRedisTemplate.tokenKey("stock:a1")))
			.isEqualTo(Long.toString(writes.lastToken()));
	}

	@Test
	void withOneOfTwoReplicasAcknowledgingPostgresqlRefusesOnlyTheFirstHolderAfterAFailoverToTheOtherOne()
			throws Exception {
		PostgresServer postgres = PostgresServer.start();
		this.resources.add(postgres);
		JdbcClient jdbc = JdbcClient
			.create(new DriverManagerDataSource(postgres.jdbcUrl(), postgres.user(), postgres.password()));
		jdbc.sql("create table stock (sku varchar(20) primary key, writes int not null, fencing_token bigint)")
			.update();
		jdbc.sql("insert into stock values ('a1', 0, null)").update();
		FencedJdbcTemplate fenced = new FencedJdbcTemplate(jdbc);
		ReplicaAcknowledgement oneReplica = new ReplicaAcknowledgement(1, Duration.ofSeconds(1), false);

		Writes writes = afterAFailoverThatLostTokens(oneReplica,
				(lock) -> fenced.forLock(lock).update("UPDATE stock SET writes = writes + 1 WHERE sku = ?", "a1"));

		assertThat(writes.refused()).as("holders refused after the failover").isEqualTo(1);
		assertThat(writes.accepted()).as("holders accepted after the failover").isEqualTo(AFTER_THE_FAILOVER - 1);
		Map<String, Object> row = jdbc.sql("select writes, fencing_token from stock where sku = 'a1'")
			.query()
			.singleRow();
		assertThat(row.values()).containsExactly(BEFORE_THE_CUT + LOST_IN_THE_FAILOVER + AFTER_THE_FAILOVER - 1,
				writes.lastToken());
	}

	private Writes afterAFailoverThatLostTokens(FencedWrite write) throws Exception {
		return afterAFailoverThatLostTokens(ReplicaAcknowledgement.NONE, write);
	}

	/**
	 * Holders write before the replica Sentinel may promote is cut off, then while it is
	 * (their token counter writes never reach it; with acknowledgement, a second replica
	 * that is never promoted acknowledges them), then after Sentinel promoted it; each
	 * holder writes once under a fresh lease.
	 */
	private Writes afterAFailoverThatLostTokens(ReplicaAcknowledgement acknowledgement, FencedWrite write)
			throws Exception {
		boolean acknowledged = acknowledgement.replicas() > 0;
		RedisSentinelGroup group = redis.fixture()
			.sentinel(3, acknowledged ? List.of(BEHIND.negated(), Duration.ZERO) : List.of(BEHIND.negated()));
		LockClientInstance instance = start(group, acknowledgement);
		RedisNode replica = group.replicas().get(0);
		if (acknowledged) {
			neverPromoted(group, group.replicas().get(1));
		}
		long lastAccepted = 0;
		for (int i = 0; i < BEFORE_THE_CUT; i++) {
			lastAccepted = writeOnce(instance, write, null);
		}
		assertThat(group.master().command("WAIT", Integer.toString(group.replicas().size()), "5000"))
			.as("replicas that acknowledged")
			.isEqualTo((long) group.replicas().size());
		long replicated = lastAccepted;

		replica.pause();
		group.master().command("CLIENT", "KILL", "TYPE", "replica");
		if (acknowledged) {
			await("the other replica to follow the master again").atMost(Duration.ofSeconds(10))
				.until(() -> group.master().info("replication").getOrDefault("slave0", "").contains("state=online"));
		}
		for (int i = 0; i < LOST_IN_THE_FAILOVER; i++) {
			lastAccepted = writeOnce(instance, write, null);
		}
		RedisNode master = group.master();
		master.kill();
		replica.resume();
		assertThat(group.awaitFailoverFrom(master, FAILOVER_TIMEOUT)).as("promoted").isSameAs(replica);
		assertThat(replica.command("GET", instance.keys.fenceCounterKey("stock")))
			.as("the promoted replica's counter, without the last tokens")
			.isEqualTo(Long.toString(replicated));
		assertThat(clockMicros(replica)).as("the promoted replica's clock, behind the lost tokens")
			.isLessThan(lastAccepted);

		Writes writes = new Writes();
		for (int i = 0; i < AFTER_THE_FAILOVER; i++) {
			writeOnce(instance, write, writes);
		}
		return writes;
	}

	/**
	 * Returns the holder's token; {@code writes} counts the outcome, else it must pass.
	 */
	private static long writeOnce(LockClientInstance instance, FencedWrite write, Writes writes) throws Exception {
		DistributedLock lock = instance.client.getLock("stock");
		await("the lock, once the group serves").atMost(FAILOVER_TIMEOUT)
			.pollInSameThread()
			.ignoreExceptions()
			.until(() -> lock.tryLock(Duration.ofSeconds(1), LEASE, false));
		try {
			long token = lock.getFencingToken();
			if (writes == null) {
				assertThat(write.write(lock)).as("rows written").isEqualTo(1);
				return token;
			}
			try {
				write.write(lock);
				writes.accepted(token);
			}
			catch (StaleFencingTokenException ex) {
				assertThat(ex.getFencingToken()).isEqualTo(token);
				assertThat(ex.getSuppressed()).as("the raise did not fail").isEmpty();
				writes.refused++;
			}
			return token;
		}
		finally {
			lock.unlock();
		}
	}

	private static void neverPromoted(RedisSentinelGroup group, RedisNode replica) {
		replica.command("CONFIG", "SET", "replica-priority", "0");
		await("sentinels to see replica-priority 0").atMost(Duration.ofSeconds(30))
			.until(() -> group.sentinels()
				.stream()
				.allMatch((sentinel) -> String.valueOf(sentinel.command("SENTINEL", "REPLICAS", group.masterName()))
					.contains("slave-priority, 0")));
	}

	private LockClientInstance start(RedisSentinelGroup group, ReplicaAcknowledgement acknowledgement) {
		RedisSentinelConfiguration configuration = new RedisSentinelConfiguration();
		configuration.master(group.masterName());
		for (RedisNode sentinel : group.sentinels()) {
			configuration.sentinel(sentinel.host(), sentinel.port());
		}
		LockClientInstance instance = LockClientInstance.on(configuration)
			.leaseTime(LEASE)
			.commandTimeout(Duration.ofSeconds(2))
			.replicaAcknowledgement(acknowledgement)
			.start();
		this.resources.add(instance);
		return instance;
	}

	private static long clockMicros(RedisNode node) {
		List<?> time = (List<?>) node.command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1_000_000L + Long.parseLong(String.valueOf(time.get(1)));
	}

	@FunctionalInterface
	private interface FencedWrite {

		int write(DistributedLock lock);

	}

	private static final class Writes {

		private int refused;

		private int accepted;

		private long lastToken;

		void accepted(long token) {
			this.accepted++;
			this.lastToken = token;
		}

		int refused() {
			return this.refused;
		}

		int accepted() {
			return this.accepted;
		}

		long lastToken() {
			return this.lastToken;
		}

	}

}
