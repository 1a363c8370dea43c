// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A loopback TCP proxy in front of one {@code redis-server} that loses or delays the
 * reply to a chosen command. A lost reply is the fault a lock fears most and that no
 * fault of the Redis process can produce: Redis ran the acquire, the release or the
 * renewal, but the connection broke before the client heard of it. A delayed reply
 * outlives the client's command timeout while Redis already did the work.
 * <p>
 * Each client connection gets its own connection to Redis and two platform threads, one
 * per direction, which end when either side closes; {@link #close()} closes every socket
 * and waits a bounded time for every thread. Bytes are forwarded as they came, never
 * re-encoded, so that the client and Redis see exactly what they would see without the
 * proxy, RESP2 or RESP3.
 * <p>
 * It is a little over 300 lines, mostly the javadoc of its fault API; framing and the
 * per-connection pumps live in their own classes.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class FaultProxy implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(FaultProxy.class);

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * A pause after a failed accept, so that a lasting failure (no file descriptors left)
	 * does not spin.
	 */
	private static final Duration ACCEPT_RETRY_PAUSE = Duration.ofMillis(50);

	private final InetSocketAddress upstream;

	private final ServerSocket server;

	private final String name;

	private final ReplyFaults faults = new ReplyFaults();

	private final Set<ProxiedConnection> connections = ConcurrentHashMap.newKeySet();

	private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

	private final AtomicInteger connectionCount = new AtomicInteger();

	private final Object lifecycle = new Object();

	private final Thread acceptor;

	private boolean closed;

	private FaultProxy(InetSocketAddress upstream, ServerSocket server) {
		this.upstream = upstream;
		this.server = server;
		this.name = "fault-proxy-" + server.getLocalPort();
		this.acceptor = newThread(this.name + "-accept", this::acceptConnections);
	}

	/**
	 * Listen on {@code 127.0.0.1}, on an ephemeral port, forwarding every connection to a
	 * Redis server.
	 * @param upstreamHost the Redis host
	 * @param upstreamPort the Redis port
	 * @return the running proxy
	 */
	public static FaultProxy start(String upstreamHost, int upstreamPort) {
		ServerSocket server = null;
		try {
			server = new ServerSocket();
			server.bind(new InetSocketAddress(loopback(), 0));
			FaultProxy proxy = new FaultProxy(new InetSocketAddress(upstreamHost, upstreamPort), server);
			proxy.acceptor.start();
			return proxy;
		}
		catch (IOException ex) {
			closeQuietly(server);
			throw new UncheckedIOException("Cannot listen on loopback", ex);
		}
	}

	/**
	 * Return the port the proxy listens on.
	 * @return the port
	 */
	public int port() {
		return this.server.getLocalPort();
	}

	/**
	 * Lose the next reply to a matching command, on any connection: the reply is dropped
	 * and the client connection and its connection to Redis are closed, as when a
	 * connection breaks after Redis ran the command. A fault asked earlier and still
	 * waiting for its command is cancelled.
	 * @param match which command's reply to lose
	 * @return completes with a description of the command (such as {@code EVALSHA
	 * release.lua lock:{k}}) once the reply was lost; cancelled if the fault is cleared
	 * or replaced first
	 */
	public CompletableFuture<String> loseNextReply(Predicate<RedisCommand> match) {
		return arm(ReplyFault.loss(match));
	}

	/**
	 * Hold the next reply to a matching command back before forwarding it. Later replies
	 * on the same connection wait behind it, in order, as they would behind a slow
	 * network. A fault asked earlier and still waiting for its command is cancelled.
	 * @param match which command's reply to delay
	 * @param delay how long to hold the reply back
	 * @return completes with a description of the command once the reply was forwarded;
	 * cancelled if the fault is cleared or replaced first
	 */
	public CompletableFuture<String> delayNextReply(Predicate<RedisCommand> match, Duration delay) {
		return arm(ReplyFault.delay(match, delay));
	}

	private CompletableFuture<String> arm(ReplyFault fault) {
		this.faults.arm(fault);
		return fault.result();
	}

	/**
	 * Cancel the fault waiting for its command, and the faults whose command was sent but
	 * whose reply has not come yet; a reply held back goes on at once.
	 */
	public void clearFaults() {
		this.faults.clear();
	}

	/**
	 * Close every client connection and its connection to Redis. New connections are
	 * accepted afterwards, as after a network blip.
	 */
	public void closeAllConnections() {
		for (ProxiedConnection connection : List.copyOf(this.connections)) {
			connection.close();
		}
	}

	/**
	 * Return how many client connections are open.
	 * @return the count
	 */
	public int openConnections() {
		return this.connections.size();
	}

	/**
	 * Stop accepting, close every connection, cancel every fault and wait (for a bounded
	 * time) until every thread of the proxy ended.
	 */
	@Override
	public void close() {
		synchronized (this.lifecycle) {
			if (this.closed) {
				return;
			}
			this.closed = true;
		}
		closeQuietly(this.server);
		clearFaults();
		long deadline = System.nanoTime() + JOIN_TIMEOUT.toNanos();
		// The acceptor first, so that no connection is added behind our back.
		join(this.acceptor, deadline);
		closeAllConnections();
		for (Thread thread : List.copyOf(this.threads)) {
			join(thread, deadline);
		}
		if (!this.threads.isEmpty()) {
			logger.warn("{}: threads still running after {}: {}", this.name, JOIN_TIMEOUT, this.threads);
		}
	}

	@Override
	public String toString() {
		return this.name + " -> " + this.upstream.getHostString() + ":" + this.upstream.getPort();
	}

	private void acceptConnections() {
		while (true) {
			Socket client;
			try {
				client = this.server.accept();
			}
			catch (IOException ex) {
				if (isClosed()) {
					return;
				}
				logger.warn("{}: accept failed", this.name, ex);
				LockSupport.parkNanos(ACCEPT_RETRY_PAUSE.toNanos());
				continue;
			}
			Socket upstreamSocket = connectUpstream(client);
			if (upstreamSocket != null) {
				register(client, upstreamSocket);
			}
		}
	}

	private @Nullable Socket connectUpstream(Socket client) {
		Socket upstreamSocket = new Socket();
		try {
			client.setTcpNoDelay(true);
			upstreamSocket.setTcpNoDelay(true);
			upstreamSocket.connect(this.upstream, (int) CONNECT_TIMEOUT.toMillis());
			return upstreamSocket;
		}
		catch (IOException ex) {
			// The client sees its connection close, as it would if Redis were down.
			logger.debug("{}: cannot connect to {}", this.name, this.upstream, ex);
			closeQuietly(upstreamSocket);
			closeQuietly(client);
			return null;
		}
	}

	private void register(Socket client, Socket upstreamSocket) {
		String connectionName = this.name + "-" + this.connectionCount.incrementAndGet();
		ProxiedConnection connection = new ProxiedConnection(connectionName, client, upstreamSocket, this.faults,
				this.connections::remove);
		synchronized (this.lifecycle) {
			if (!this.closed) {
				this.connections.add(connection);
			}
		}
		if (!this.connections.contains(connection)) {
			connection.close();
			return;
		}
		connection.start(this::newThread);
	}

	private boolean isClosed() {
		synchronized (this.lifecycle) {
			return this.closed;
		}
	}

	private Thread newThread(String threadName, Runnable task) {
		Thread thread = new Thread(() -> {
			try {
				task.run();
			}
			finally {
				this.threads.remove(Thread.currentThread());
			}
		}, threadName);
		thread.setDaemon(true);
		this.threads.add(thread);
		return thread;
	}

	private static void join(Thread thread, long deadline) {
		long left = deadline - System.nanoTime();
		if (left <= 0) {
			return;
		}
		try {
			TimeUnit.NANOSECONDS.timedJoin(thread, left);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static InetAddress loopback() throws UnknownHostException {
		return InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
	}

	private static void closeQuietly(@Nullable Closeable closeable) {
		if (closeable == null) {
			return;
		}
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// Closing for good: nothing left to do with it.
		}
	}

}
