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

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forms a Redis Cluster out of freshly started cluster-enabled nodes with raw commands,
 * the way {@code redis-cli --cluster create} does, so that no redis-cli is needed and
 * every step can be waited for.
 * <p>
 * Steps: give each master a contiguous slot range ({@code CLUSTER ADDSLOTSRANGE} on Redis
 * 7+, {@code CLUSTER ADDSLOTS} before); give each node a distinct config epoch so that no
 * epoch collision has to be resolved; {@code CLUSTER MEET} every node from the first;
 * once every node knows every other, {@code CLUSTER REPLICATE} each replica to its
 * master.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ClusterBootstrap {

	static final int SLOTS = 16384;

	private static final Logger logger = LoggerFactory.getLogger(ClusterBootstrap.class);

	private static final Duration GOSSIP_TIMEOUT = Duration.ofSeconds(30);

	private ClusterBootstrap() {
	}

	/**
	 * Form the cluster.
	 * @param masters the nodes that get slots
	 * @param replicas the replicas, {@code replicasPerMaster} per master in master order
	 * @param replicasPerMaster how many replicas each master gets
	 * @param binary the binary the nodes run
	 */
	static void form(List<RedisNode> masters, List<RedisNode> replicas, int replicasPerMaster, RedisBinary binary) {
		List<RedisNode> all = new ArrayList<>(masters);
		all.addAll(replicas);
		assignSlots(masters, binary);
		for (int i = 0; i < all.size(); i++) {
			all.get(i).command("CLUSTER", "SET-CONFIG-EPOCH", Integer.toString(i + 1));
		}
		RedisNode first = all.get(0);
		for (RedisNode node : all.subList(1, all.size())) {
			first.command("CLUSTER", "MEET", node.host(), Integer.toString(node.port()));
		}
		Await.until("all " + all.size() + " cluster nodes to know each other", GOSSIP_TIMEOUT, Duration.ofMillis(100),
				() -> all.stream().allMatch((node) -> knowsAll(node, all.size())));
		logger.debug("All {} cluster nodes know each other", all.size());
		for (int i = 0; i < replicas.size(); i++) {
			RedisNode master = masters.get(i / replicasPerMaster);
			String masterId = (String) master.command("CLUSTER", "MYID");
			replicas.get(i).command("CLUSTER", "REPLICATE", masterId);
		}
	}

	private static void assignSlots(List<RedisNode> masters, RedisBinary binary) {
		for (int i = 0; i < masters.size(); i++) {
			int from = i * SLOTS / masters.size();
			int to = (i + 1) * SLOTS / masters.size() - 1;
			if (binary.isAtLeast(7, 0)) {
				masters.get(i).command("CLUSTER", "ADDSLOTSRANGE", Integer.toString(from), Integer.toString(to));
			}
			else {
				List<String> command = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
				for (int slot = from; slot <= to; slot++) {
					command.add(Integer.toString(slot));
				}
				masters.get(i).command(command.toArray(String[]::new));
			}
		}
	}

	private static boolean knowsAll(RedisNode node, int count) {
		List<ClusterNodeLine> lines = ClusterNodeLine.parseAll(node.command("CLUSTER", "NODES"));
		return lines.size() == count && lines.stream().noneMatch((line) -> line.hasFlag("handshake"));
	}

}
