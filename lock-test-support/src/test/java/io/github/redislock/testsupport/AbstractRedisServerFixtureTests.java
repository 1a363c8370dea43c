// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Behaviour of the Redis test fixture, run once per redis-server binary by the
 * subclasses: every topology must really come up and every fault must really happen,
 * otherwise the lock tests built on top would prove nothing.
 *
 * @author redis-lock contributors
 */
abstract class AbstractRedisServerFixtureTests {

	private static final Duration SHORT = Duration.ofSeconds(10);

	@RegisterExtension
	final RedisServerExtension redis;

	AbstractRedisServerFixtureTests(Supplier<RedisBinary> binary) {
		this.redis = new RedisServerExtension(binary);
	}

	@Test
	void startsOnAFreeLoopbackPortAndAnswersPing() {
		RedisNode node = this.redis.standalone();
		assertThat(node.port()).isNotEqualTo(6379);
		assertThat(node.command("PING")).isEqualTo("PONG");
		Map<String, String> server = node.info("server");
		assertThat(server).containsEntry("tcp_port", Integer.toString(node.port()))
			.containsEntry("redis_version", this.redis.fixture().binary().version())
			.containsEntry("process_id", Long.toString(node.pid()));
		assertThat(node.command("CONFIG", "GET", "bind")).isEqualTo(List.of("bind", "127.0.0.1"));
		assertThat(node.command("CONFIG", "GET", "save")).isEqualTo(List.of("save", ""));
		assertThat(node.command("CONFIG", "GET", "appendonly")).isEqualTo(List.of("appendonly", "no"));
		assertThat(node.command("CONFIG", "GET", "protected-mode")).isEqualTo(List.of("protected-mode", "no"));
		assertThat(node.command("CONFIG", "GET", "dir")).isEqualTo(List.of("dir", node.directory().toString()));
	}

	@Test
	void startsSeveralIndependentMastersAtOnce() {
		List<RedisNode> masters = this.redis.masters(3);
		assertThat(masters).extracting(RedisNode::port).doesNotHaveDuplicates();
		assertThat(masters).extracting(RedisNode::directory).doesNotHaveDuplicates();
		masters.get(0).command("SET", "only-here", "1");
		assertThat(masters)
			.allSatisfy((master) -> assertThat(master.info("replication")).containsEntry("role", "master"));
		assertThat(masters.get(1).command("GET", "only-here")).isNull();
		assertThat(masters.get(2).command("GET", "only-here")).isNull();
	}

	@Test
	void killLeavesThePortClosed() {
		RedisNode node = this.redis.standalone();
		long pid = node.pid();
		node.kill();
		assertThat(node.isRunning()).isFalse();
		assertThat(ProcessSignals.isGone(pid)).isTrue();
		assertThat(FreePorts.isClosed(node.port())).isTrue();
		assertThatExceptionOfType(JedisConnectionException.class).isThrownBy(() -> node.command("PING"));
		assertThat(node.logTail(5)).doesNotContain("ready to exit");
	}

	@Test
	void stopShutsDownGracefullyAndClosesThePort() {
		RedisNode node = this.redis.standalone();
		node.stop();
		assertThat(node.isRunning()).isFalse();
		assertThat(FreePorts.isClosed(node.port())).isTrue();
		assertThat(node.logTail(5)).contains("ready to exit");
	}

	@Test
	void pauseMakesCommandsTimeOutAndResumeRestoresThem() {
		RedisNode node = this.redis.standalone();
		try (Jedis client = new Jedis(node.host(), node.port(), 300)) {
			client.set("key", "before");
			node.pause();
			assertThat(node.isPaused()).isTrue();
			assertThatExceptionOfType(JedisConnectionException.class).isThrownBy(() -> client.get("key"))
				.withCauseInstanceOf(SocketTimeoutException.class);
			assertThat(client.isBroken()).isTrue();
		}
		node.resume();
		assertThat(node.isPaused()).isFalse();
		assertThat(node.command("GET", "key")).isEqualTo("before");
	}

	@Test
	void stopResumesAPausedServerFirst() {
		RedisNode node = this.redis.standalone();
		node.pause();
		long start = System.nanoTime();
		node.stop();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
		assertThat(node.isRunning()).isFalse();
		assertThat(node.logTail(5)).contains("ready to exit");
	}

	@Test
	void restartKeepsThePortAndAcceptsNewConnections() {
		RedisNode node = this.redis.standalone();
		int port = node.port();
		long firstPid = node.pid();
		node.command("SET", "key", "value");
		node.kill();
		node.restart();
		assertThat(node.port()).isEqualTo(port);
		assertThat(node.pid()).isNotEqualTo(firstPid);
		assertThat(node.command("PING")).isEqualTo("PONG");
		assertThat(node.command("GET", "key")).as("nothing is persisted").isNull();
		node.pause();
		node.restart();
		assertThat(node.port()).isEqualTo(port);
		assertThat(node.command("PING")).isEqualTo("PONG");
	}

	@Test
	void restartRetriesWhileAnotherProcessHoldsThePort() throws Exception {
		RedisNode node = this.redis.standalone();
		node.kill();
		CompletableFuture<Void> restart;
		try (ServerSocket squatter = new ServerSocket()) {
			squatter.bind(new InetSocketAddress(RedisNode.HOST, node.port()));
			restart = CompletableFuture.runAsync(node::restart);
			await("the restart to find its port taken").atMost(SHORT)
				.until(() -> node.logTail(5).contains("Address already in use"));
		}
		restart.get(10, TimeUnit.SECONDS);
		assertThat(node.command("PING")).isEqualTo("PONG");
	}

	@Test
	void errorRepliesAreThrownAsExceptions() {
		RedisNode node = this.redis.standalone();
		node.command("SET", "text", "value");
		assertThatExceptionOfType(JedisDataException.class).isThrownBy(() -> node.command("INCR", "text"))
			.withMessageStartingWith("ERR ");
		assertThat(node.command("INCR", "counter")).isEqualTo(1L);
	}

	@Test
	void replicasSyncFromTheMasterAndRejoinAfterRestart() {
		RedisReplicationGroup group = this.redis.masterWithReplicas(2);
		RedisNode master = group.master();
		try (Jedis client = new Jedis(master.host(), master.port())) {
			// WAIT counts acknowledgements of this connection's own writes
			client.set("key", "replicated");
			assertThat(client.waitReplicas(2, 1500)).isEqualTo(2L);
		}
		for (RedisNode replica : group.replicas()) {
			assertThat(replica.command("GET", "key")).isEqualTo("replicated");
			assertThat(replica.info("replication")).containsEntry("master_port", Integer.toString(master.port()));
		}
		RedisNode replica = group.replicas().get(0);
		replica.kill();
		replica.restart();
		group.awaitReplicasInSync(SHORT);
		assertThat(replica.command("GET", "key")).isEqualTo("replicated");
	}

	@Test
	void sentinelsSeeTheMasterTheReplicaAndEachOther() {
		RedisSentinelGroup group = this.redis.sentinel(3, 1);
		assertThat(group.masterName()).isEqualTo("mymaster");
		for (RedisNode sentinel : group.sentinels()) {
			assertThat(sentinel.command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", "mymaster"))
				.isEqualTo(List.of("127.0.0.1", Integer.toString(group.master().port())));
			assertThat(sentinel.info("sentinel")).containsEntry("sentinel_masters", "1");
		}
		assertThat(group.sentinelAddresses()).hasSize(3);
	}

	@Test
	void sentinelsFailOverWhenTheMasterIsKilled() {
		RedisSentinelGroup group = this.redis.sentinel(3, 1);
		RedisNode oldMaster = group.master();
		oldMaster.kill();
		RedisNode newMaster = group.awaitFailoverFrom(oldMaster, Duration.ofSeconds(30));
		assertThat(newMaster).isSameAs(group.replicas().get(0));
		assertThat(newMaster.command("SET", "after-failover", "1")).isEqualTo("OK");
	}

	@Test
	void clusterReachesStateOkOnEveryNode() {
		RedisCluster cluster = this.redis.cluster(3, 1);
		assertThat(cluster.nodes()).hasSize(6);
		for (RedisNode node : cluster.nodes()) {
			assertThat(RedisNode.parseInfo(node.command("CLUSTER", "INFO"))).containsEntry("cluster_state", "ok")
				.containsEntry("cluster_known_nodes", "6")
				.containsEntry("cluster_size", "3");
		}
		List<?> slots = (List<?>) cluster.masters().get(0).command("CLUSTER", "SLOTS");
		assertThat(slots).hasSize(3).allSatisfy((range) -> assertThat((List<?>) range).hasSize(4));
		List<String> replies = new ArrayList<>();
		for (RedisNode master : cluster.masters()) {
			try {
				replies.add(String.valueOf(master.command("SET", "lock:order-42", "token")));
			}
			catch (JedisDataException ex) {
				replies.add(ex.getMessage().split(" ")[0]);
			}
		}
		assertThat(replies).as("one master owns the key, the others redirect")
			.containsOnlyOnce("OK")
			.containsOnly("OK", "MOVED");
	}

	@Test
	void restartedClusterNodeRejoinsWithItsIdentity() {
		RedisCluster cluster = this.redis.cluster(3, 1);
		RedisNode replica = cluster.replicas().get(0);
		Object id = replica.command("CLUSTER", "MYID");
		replica.kill();
		replica.restart();
		assertThat(replica.command("CLUSTER", "MYID")).isEqualTo(id);
		cluster.awaitHealthy(Duration.ofSeconds(20));
	}

	@Test
	void closeLeavesNoProcessDirectoryOrPortBehind() {
		List<RedisNode> nodes = new ArrayList<>();
		List<Long> pids = new ArrayList<>();
		try (RedisFixture fixture = new RedisFixture(this.redis.fixture().binary())) {
			nodes.addAll(fixture.sentinel(1, 1).nodes());
			nodes.add(fixture.standalone());
			nodes.get(1).pause();
			nodes.get(2).pause();
			nodes.forEach((node) -> pids.add(node.pid()));
		}
		assertThat(pids).allSatisfy((pid) -> assertThat(ProcessSignals.isGone(pid)).isTrue());
		assertThat(nodes).allSatisfy((node) -> {
			assertThat(node.isRunning()).isFalse();
			assertThat(Files.exists(node.directory())).isFalse();
			assertThat(FreePorts.isClosed(node.port())).isTrue();
		});
		assertThat(LiveNodes.snapshot()).doesNotContainAnyElementsOf(nodes);
		assertThatIllegalStateException().isThrownBy(() -> nodes.get(0).restart());
	}

}
