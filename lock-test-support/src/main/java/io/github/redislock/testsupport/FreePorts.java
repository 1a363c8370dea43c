// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks free loopback ports for servers, never fixed ones, so that parallel builds and a
 * Redis already running on 6379 do not interfere.
 * <p>
 * Ports are drawn at random below the kernel's ephemeral range (read from
 * {@code /proc/sys/net/ipv4/ip_local_port_range}, else assumed to start at 32768): a port
 * inside that range could be taken as the local port of any outgoing connection while its
 * server is down, and a restart on the same port would then fail. A candidate must be
 * bindable on 127.0.0.1; cluster nodes also need {@code port + 10000} for the cluster
 * bus, which stays below the ephemeral range as well. Ports handed out stay reserved in
 * this JVM until {@link #release released}, so two servers starting at the same moment
 * never get the same one. Another process can still take a port between the check and the
 * server's bind: {@link RedisNode} detects that from the server's log and retries with a
 * new port.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class FreePorts {

	/**
	 * Offset of the cluster bus port from the client port, fixed by Redis.
	 */
	static final int CLUSTER_BUS_OFFSET = 10000;

	private static final int LOWEST_PORT = 10000;

	private static final int DEFAULT_EPHEMERAL_START = 32768;

	private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

	private static final int MAX_ATTEMPTS = 500;

	private static final Set<Integer> reserved = ConcurrentHashMap.newKeySet();

	private FreePorts() {
	}

	/**
	 * Reserve a free port.
	 * @param withClusterBus whether {@code port + 10000} must be free too
	 * @return the reserved port
	 */
	static int reserve(boolean withClusterBus) {
		int bound = ephemeralStart() - (withClusterBus ? CLUSTER_BUS_OFFSET : 0);
		if (bound - LOWEST_PORT < 1000) {
			throw new IllegalStateException("The ephemeral port range starts too low to place servers below it");
		}
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			int port = ThreadLocalRandom.current().nextInt(LOWEST_PORT, bound);
			int bus = port + CLUSTER_BUS_OFFSET;
			if (withClusterBus && (reserved.contains(bus) || !isFree(bus))) {
				continue;
			}
			if (isFree(port) && reserved.add(port)) {
				if (!withClusterBus || reserved.add(bus)) {
					return port;
				}
				reserved.remove(port);
			}
		}
		throw new IllegalStateException("No free loopback port found after " + MAX_ATTEMPTS + " attempts");
	}

	/**
	 * Release a port reserved by {@link #reserve(boolean)}.
	 * @param port the port
	 * @param withClusterBus whether the cluster bus port was reserved too
	 */
	static void release(int port, boolean withClusterBus) {
		reserved.remove(port);
		if (withClusterBus) {
			reserved.remove(port + CLUSTER_BUS_OFFSET);
		}
	}

	/**
	 * Return whether nothing listens on a loopback port, by trying to connect to it.
	 * @param port the port
	 * @return {@code true} if the port refuses connections
	 */
	static boolean isClosed(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(loopback(), port), 500);
			return false;
		}
		catch (IOException ex) {
			return true;
		}
	}

	/**
	 * Return the first port of the kernel's ephemeral range.
	 * @return the first ephemeral port
	 */
	static int ephemeralStart() {
		// Read as a stream: Files.readString trusts the size procfs reports and can
		// return a truncated value.
		try (InputStream in = Files.newInputStream(EPHEMERAL_RANGE)) {
			String range = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
			return Math.min(Integer.parseInt(range.split("\\s+")[0]), 65536);
		}
		catch (IOException | RuntimeException ex) {
			return DEFAULT_EPHEMERAL_START;
		}
	}

	/**
	 * Return whether a loopback port can be bound right now.
	 * @param port the port
	 * @return {@code true} if nothing holds the port
	 */
	static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket()) {
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(loopback(), port), 1);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static InetAddress loopback() {
		try {
			return InetAddress.getByName(RedisNode.HOST);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
