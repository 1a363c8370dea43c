// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection through the {@link FaultProxy} and its connection to Redis, with
 * a thread pumping each way. Commands are read on their way up and queued; since Redis
 * answers a connection's commands in order, each top-level reply on the way down answers
 * the oldest queued command, pipelined or not. Bytes are forwarded exactly as they came:
 * only a faulted reply is copied aside, to be dropped or sent late.
 * <p>
 * Once a connection subscribes (or runs {@code MONITOR}) Redis sends messages nobody
 * asked for, which in RESP2 look like replies, so the connection is passed through
 * untouched from then on and never matched again; so is a connection that turns its
 * replies off with {@code CLIENT REPLY}.
 * <p>
 * It is a little over 300 lines because both pumps of a connection share its queue of
 * commands and its fault state, which splitting would only spread across classes.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ProxiedConnection {

	private static final Logger logger = LoggerFactory.getLogger(ProxiedConnection.class);

	private static final Set<String> UNSOLICITED_REPLIES = Set.of("SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "MONITOR");

	private static final int BUFFER_SIZE = 16 * 1024;

	private final String name;

	private final Socket client;

	private final Socket upstream;

	private final ReplyFaults faults;

	private final Consumer<ProxiedConnection> onClose;

	private final Queue<AwaitedReply> awaited = new ConcurrentLinkedQueue<>();

	private final CommandReader commands = new CommandReader();

	private final ReplyScanner replies = new ReplyScanner();

	private final CompletableFuture<Void> closed = new CompletableFuture<>();

	private volatile boolean passThrough;

	/**
	 * Reply bytes copied aside because the reply under way is faulted (replies thread).
	 */
	private @Nullable ByteArrayOutputStream held;

	ProxiedConnection(String name, Socket client, Socket upstream, ReplyFaults faults,
			Consumer<ProxiedConnection> onClose) {
		this.name = name;
		this.client = client;
		this.upstream = upstream;
		this.faults = faults;
		this.onClose = onClose;
	}

	/**
	 * Start both pumps.
	 * @param threads makes a named thread for a task
	 */
	void start(BiFunction<String, Runnable, Thread> threads) {
		threads.apply(this.name + "-commands", this::pumpCommands).start();
		threads.apply(this.name + "-replies", this::pumpReplies).start();
	}

	/**
	 * Close both sockets, which ends both pumps' blocking reads and writes, and fail the
	 * faults whose reply will not come.
	 */
	void close() {
		if (!this.closed.complete(null)) {
			return;
		}
		closeQuietly(this.client);
		closeQuietly(this.upstream);
		failAwaited("the connection closed before the reply came");
		this.onClose.accept(this);
	}

	private void pumpCommands() {
		byte[] buffer = new byte[BUFFER_SIZE];
		try {
			InputStream in = this.client.getInputStream();
			OutputStream out = this.upstream.getOutputStream();
			int read;
			while ((read = in.read(buffer)) >= 0) {
				if (!this.passThrough) {
					// Queued before they are sent, so that no reply can come first.
					this.commands.read(buffer, 0, read, this::sending);
					if (this.commands.isBroken()) {
						this.passThrough = true;
					}
				}
				out.write(buffer, 0, read);
			}
		}
		catch (IOException ex) {
			logger.trace("{}: commands ended", this.name, ex);
		}
		finally {
			close();
		}
	}

	private void sending(@Nullable RedisCommand command) {
		if (this.passThrough) {
			return;
		}
		if (command != null && repliesStopFollowingCommands(command)) {
			this.passThrough = true;
			return;
		}
		ReplyFault fault = (command != null) ? this.faults.claim(command) : null;
		this.awaited.add(new AwaitedReply(command, fault));
		if (this.closed.isDone()) {
			failAwaited("the connection closed before the reply came");
		}
	}

	/**
	 * Whether Redis answers this command's successors other than one reply each: a
	 * subscriber or monitor is sent messages nobody asked for, and {@code CLIENT REPLY}
	 * turns replies off.
	 */
	private static boolean repliesStopFollowingCommands(RedisCommand command) {
		return UNSOLICITED_REPLIES.contains(command.name()) || ("CLIENT".equals(command.name())
				&& !command.arguments().isEmpty() && "REPLY".equalsIgnoreCase(command.arguments().get(0)));
	}

	private void pumpReplies() {
		byte[] buffer = new byte[BUFFER_SIZE];
		try {
			InputStream in = this.upstream.getInputStream();
			OutputStream out = this.client.getOutputStream();
			int read;
			while ((read = in.read(buffer)) >= 0) {
				if (!forward(buffer, read, out)) {
					return;
				}
			}
		}
		catch (IOException ex) {
			logger.trace("{}: replies ended", this.name, ex);
		}
		finally {
			close();
		}
	}

	/**
	 * Forward a chunk of replies, applying the faults of the commands they answer.
	 * @return whether the connection is still open
	 */
	private boolean forward(byte[] buffer, int length, OutputStream out) throws IOException {
		int position = 0;
		int unsent = 0;
		while (position < length) {
			if (this.replies.isIdle() && this.held == null) {
				if (this.passThrough) {
					failAwaited("the connection stopped being matched (pub/sub or a protocol error)");
					break;
				}
				AwaitedReply next = this.awaited.peek();
				if (next != null && next.fault() != null) {
					out.write(buffer, unsent, position - unsent);
					unsent = position;
					this.held = new ByteArrayOutputStream();
				}
			}
			int end = this.replies.scan(buffer, position, length);
			if (end < 0) {
				break;
			}
			ByteArrayOutputStream reply = this.held;
			if (reply != null) {
				reply.write(buffer, unsent, end - unsent);
				unsent = end;
				this.held = null;
			}
			position = end;
			if (this.replies.wasPush()) {
				if (reply != null) {
					reply.writeTo(out);
				}
				continue;
			}
			AwaitedReply answered = this.awaited.poll();
			if (reply != null && answered != null && !applyFault(answered, reply, out)) {
				return false;
			}
		}
		ByteArrayOutputStream reply = this.held;
		if (reply != null) {
			reply.write(buffer, unsent, length - unsent);
			if (this.replies.isBroken()) {
				this.held = null;
				reply.writeTo(out);
			}
		}
		else {
			out.write(buffer, unsent, length - unsent);
		}
		if (this.replies.isBroken() && !this.passThrough) {
			this.passThrough = true;
			failAwaited("Redis sent something that is not RESP");
		}
		return true;
	}

	/**
	 * Lose or delay a faulted reply.
	 * @return whether the connection is still open
	 */
	private boolean applyFault(AwaitedReply answered, ByteArrayOutputStream reply, OutputStream out)
			throws IOException {
		ReplyFault fault = answered.fault();
		RedisCommand command = answered.command();
		if (fault == null || command == null || fault.isSettled()) {
			reply.writeTo(out);
			return true;
		}
		String description = command.describe();
		Duration delay = fault.delay();
		if (delay == null) {
			logger.debug("{}: losing the reply to {} and closing the connection", this.name, description);
			// Told first: whoever armed the fault may look once the client sees the
			// close.
			fault.happened(description);
			close();
			return false;
		}
		logger.debug("{}: holding the reply to {} back for {}", this.name, description, delay);
		awaitEndOfDelay(fault, delay);
		if (this.closed.isDone()) {
			fault.fail("the connection closed while the reply to " + description + " was held back");
			return false;
		}
		reply.writeTo(out);
		fault.happened(description);
		return true;
	}

	/**
	 * Wait out a delay, or less if the connection closes or the fault is cleared.
	 */
	private void awaitEndOfDelay(ReplyFault fault, Duration delay) {
		try {
			CompletableFuture.anyOf(fault.result(), this.closed).get(delay.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException | ExecutionException | CancellationException ex) {
			// Delay over, or the fault was cleared.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			close();
		}
	}

	private void failAwaited(String reason) {
		AwaitedReply awaitedReply;
		while ((awaitedReply = this.awaited.poll()) != null) {
			ReplyFault fault = awaitedReply.fault();
			if (fault != null) {
				fault.fail(reason);
			}
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// Closing for good: nothing left to do with it.
		}
	}

	@Override
	public String toString() {
		return this.name;
	}

	/**
	 * A command whose reply has not come yet.
	 *
	 * @param command the command, or {@code null} for an inline command
	 * @param fault the fault claimed by the command, if any
	 */
	private record AwaitedReply(@Nullable RedisCommand command, @Nullable ReplyFault fault) {
	}

}
