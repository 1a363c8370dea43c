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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One line of {@code CLUSTER NODES}: a node as seen by the node that was asked.
 * <p>
 * Cluster readiness is decided from these lines (who is master, who replicates whom,
 * which links are up), so the parsing lives in one place.
 *
 * @param id the node id
 * @param address {@code ip:port@busport} and optional hostname
 * @param flags flags such as {@code myself}, {@code master}, {@code slave}, {@code fail?}
 * @param masterId the id of the master for a replica, {@code -} otherwise
 * @param linkState {@code connected} or {@code disconnected}
 * @param slots the slot ranges served, for a master
 * @author redis-lock contributors
 * @since 0.1.0
 */
record ClusterNodeLine(String id, String address, List<String> flags, String masterId, String linkState,
		List<String> slots) {

	/**
	 * Parse a whole {@code CLUSTER NODES} reply.
	 * @param reply the reply
	 * @return one entry per node
	 */
	static List<ClusterNodeLine> parseAll(Object reply) {
		List<ClusterNodeLine> lines = new ArrayList<>();
		for (String line : String.valueOf(reply).split("\n")) {
			String[] fields = line.trim().split(" ");
			if (fields.length >= 8) {
				lines.add(new ClusterNodeLine(fields[0], fields[1], List.of(fields[2].split(",")), fields[3], fields[7],
						List.of(Arrays.copyOfRange(fields, 8, fields.length))));
			}
		}
		return lines;
	}

	/**
	 * Return the client port of the node.
	 * @return the port
	 */
	int port() {
		String hostPort = this.address.split("@")[0];
		return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
	}

	boolean hasFlag(String flag) {
		return this.flags.contains(flag);
	}

	/**
	 * Return whether the node looks healthy from where it was observed.
	 * @return {@code true} unless flagged failing, in handshake or without address, or
	 * with its link down
	 */
	boolean isHealthy() {
		boolean linked = hasFlag("myself") || "connected".equals(this.linkState);
		return linked && !hasFlag("fail") && !hasFlag("fail?") && !hasFlag("handshake") && !hasFlag("noaddr");
	}

}
