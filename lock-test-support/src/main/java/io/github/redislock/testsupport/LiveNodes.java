// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registry of every server process this JVM started and has not closed yet, with a JVM
 * shutdown hook that destroys them.
 * <p>
 * Tests that forget to close a fixture, or a JVM that exits through {@code System.exit},
 * must not leave redis-server processes behind. The hook is the second line of defence
 * after {@link RedisFixture#close()}; the {@link OrphanWatchdog} is the third, for JVMs
 * that die without running hooks.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LiveNodes {

	private static final Set<RedisNode> nodes = ConcurrentHashMap.newKeySet();

	private static boolean hookInstalled;

	private LiveNodes() {
	}

	/**
	 * Track a node until {@link #unregister(RedisNode)}.
	 * @param node the node
	 */
	static void register(RedisNode node) {
		installHook();
		nodes.add(node);
	}

	/**
	 * Stop tracking a node that was closed.
	 * @param node the node
	 */
	static void unregister(RedisNode node) {
		nodes.remove(node);
	}

	/**
	 * Return the nodes still tracked.
	 * @return a snapshot of the live nodes
	 */
	static List<RedisNode> snapshot() {
		return new ArrayList<>(nodes);
	}

	private static synchronized void installHook() {
		if (!hookInstalled) {
			Runtime.getRuntime().addShutdownHook(new Thread(LiveNodes::destroyAll, "redis-fixture-cleanup"));
			hookInstalled = true;
		}
	}

	private static void destroyAll() {
		for (RedisNode node : snapshot()) {
			try {
				node.destroyNow();
			}
			catch (RuntimeException ex) {
				System.err.println("Cannot destroy " + node + ": " + ex);
			}
		}
		FixtureTempDirs.deleteRoot();
	}

}
