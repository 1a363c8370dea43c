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

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * A tiny blocking Redis client over a plain {@link Socket}: one connection, one command
 * at a time, replies decoded by {@link RespCodec}.
 * <p>
 * The fixture uses it to probe and wire up servers (PING, INFO, REPLICAOF, CLUSTER MEET,
 * SENTINEL ...) without depending on the client library the lock engine uses, and tests
 * can use it to observe or prepare server state behind the engine's back. Every socket
 * operation is bounded by the timeout given at connect time, so a paused server shows up
 * as an {@link UncheckedIOException} caused by a {@link java.net.SocketTimeoutException}
 * instead of a hang. After any I/O failure the connection is closed, because a late reply
 * would otherwise be read as the answer to the next command.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RespClient implements AutoCloseable {

	/**
	 * Connect and read timeout used when none is given.
	 */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

	private final String address;

	private final Socket socket;

	private final InputStream in;

	private final OutputStream out;

	private RespClient(String address, Socket socket) throws IOException {
		this.address = address;
		this.socket = socket;
		this.in = new BufferedInputStream(socket.getInputStream());
		this.out = socket.getOutputStream();
	}

	/**
	 * Connect to a server on the loopback interface with the default timeout.
	 * @param port the server port
	 * @return a connected client
	 * @throws UncheckedIOException if the connection cannot be made
	 */
	public static RespClient connect(int port) {
		return connect(RedisNode.HOST, port, DEFAULT_TIMEOUT);
	}

	/**
	 * Connect to a server.
	 * @param host the server host
	 * @param port the server port
	 * @param timeout bound for the connect and for every later read
	 * @return a connected client
	 * @throws UncheckedIOException if the connection cannot be made
	 */
	public static RespClient connect(String host, int port, Duration timeout) {
		String address = host + ":" + port;
		int millis = (int) Math.max(1, timeout.toMillis());
		Socket socket = new Socket();
		try {
			socket.setTcpNoDelay(true);
			socket.connect(new InetSocketAddress(host, port), millis);
			socket.setSoTimeout(millis);
			return new RespClient(address, socket);
		}
		catch (IOException ex) {
			closeQuietly(socket);
			throw new UncheckedIOException("Cannot connect to " + address, ex);
		}
	}

	/**
	 * Send a command and read its reply.
	 * @param args the command name and its arguments
	 * @return the reply as {@link String}, {@link Long}, {@link java.util.List} or
	 * {@code null}
	 * @throws RedisErrorReplyException if the server answers with an error
	 * @throws UncheckedIOException if the connection fails or times out
	 */
	public synchronized Object command(String... args) {
		send(args);
		return readReply();
	}

	/**
	 * Send a command without reading its reply, for pipelining or for
	 * {@code SUBSCRIBE}-style conversations.
	 * @param args the command name and its arguments
	 * @throws UncheckedIOException if the connection fails
	 */
	public synchronized void send(String... args) {
		try {
			this.out.write(RespCodec.encode(args));
			this.out.flush();
		}
		catch (IOException ex) {
			throw failure("sending " + args[0], ex);
		}
	}

	/**
	 * Read the next reply, for instance the next message of a subscription.
	 * @return the decoded reply
	 * @throws RedisErrorReplyException if the server answers with an error
	 * @throws UncheckedIOException if the connection fails or times out
	 */
	public synchronized Object readReply() {
		try {
			return RespCodec.decode(this.in);
		}
		catch (IOException ex) {
			throw failure("reading a reply", ex);
		}
	}

	/**
	 * Return whether the connection is still usable.
	 * @return {@code true} until the client is closed or an I/O failure happened
	 */
	public boolean isOpen() {
		return !this.socket.isClosed();
	}

	@Override
	public void close() {
		closeQuietly(this.socket);
	}

	@Override
	public String toString() {
		return "RespClient[" + this.address + "]";
	}

	private UncheckedIOException failure(String action, IOException ex) {
		close();
		return new UncheckedIOException("Failed " + action + " on " + this.address, ex);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// nothing left to release
		}
	}

}
