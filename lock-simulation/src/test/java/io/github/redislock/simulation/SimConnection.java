// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

import io.github.redislock.simulation.server.RedisError;
import io.github.redislock.simulation.server.SimRedis;

/**
 * One client's command connection to the master, as Lettuce keeps one: commands reach the
 * server in the order they were sent and replies come back in order, each after a delay
 * the {@link Network} draws. The connection can be killed (every command waiting fails at
 * once, those not yet arrived never run) or break silently after a command ran (its reply
 * and everything after it are lost, and the commands time out until the client notices
 * and connects again). Each command is bounded by the command timeout, as the real store
 * bounds it. Replies, failures and timeouts reach the client as events of its process: a
 * paused client reads them when it resumes, a crashed one never.
 *
 * @author redis-lock contributors
 */
public final class SimConnection {

	private final String client;

	private final Deployment deployment;

	private final Scheduler scheduler;

	private final Network network;

	private final ClientProcess process;

	private Link link;

	private int links;

	/** Until when the network between this client and its server loses every message. */
	private long partitionedUntil;

	SimConnection(String client, Deployment deployment, Scheduler scheduler, Network network, ClientProcess process) {
		this.client = client;
		this.deployment = deployment;
		this.scheduler = scheduler;
		this.network = network;
		this.process = process;
		deployment.register(this);
	}

	/**
	 * When the last command sent reaches the server, if it still does: a crashed client's
	 * commands sent before it crashed still run.
	 */
	long lastArrival() {
		Link current = this.link;
		return (current == null || current.killed || current.broken) ? this.scheduler.nanos()
				: Math.max(current.lastArrival, this.scheduler.nanos());
	}

	/**
	 * Sends a command; the future completes with its reply, or fails with a
	 * {@link RedisError} or {@link NetworkFaultException}.
	 */
	public CompletableFuture<Object> send(String what, Function<SimRedis, Object> command, long timeoutNanos) {
		return send(what, (server, reply) -> reply.accept(command.apply(server)), timeoutNanos);
	}

	/**
	 * Sends a command the server answers when it is ready, as {@code WAIT}: it calls the
	 * consumer, then or later, with the reply.
	 */
	public CompletableFuture<Object> send(String what, BiConsumer<SimRedis, Consumer<Object>> command,
			long timeoutNanos) {
		Link current = currentLink();
		long now = this.scheduler.nanos();
		Request request = new Request(what, new CompletableFuture<>(), now + timeoutNanos, timeoutNanos);
		current.pending.add(request);
		long arrival = Math.max(current.lastArrival, now + current.connectDelay + this.network.delay());
		current.connectDelay = 0;
		current.lastArrival = arrival;
		this.scheduler.at(arrival, null, () -> arrive(current, request, command));
		if (current.timeouts == null || request.deadline < current.timeouts.time()) {
			watchTimeouts(current, request.deadline);
		}
		return request.reply;
	}

	/**
	 * One event per connection fails the commands whose time is up, at the earliest
	 * deadline of those waiting, instead of an event per command: most are answered in
	 * time, and each event costs the queue.
	 */
	private void watchTimeouts(Link link, long at) {
		if (link.timeouts != null) {
			link.timeouts.cancel();
		}
		link.timeouts = this.scheduler.at(at, null, () -> timeOut(link), this.process);
	}

	private void timeOut(Link link) {
		link.timeouts = null;
		long now = this.scheduler.nanos();
		long next = Long.MAX_VALUE;
		List<Request> expired = null;
		for (Request request : link.pending) {
			if (request.deadline <= now) {
				expired = (expired != null) ? expired : new ArrayList<>();
				expired.add(request);
			}
			else {
				next = Math.min(next, request.deadline);
			}
		}
		if (expired != null) {
			link.pending.removeAll(expired);
			for (Request request : expired) {
				fail(request, "Command timed out after " + request.timeoutNanos / 1_000_000 + " ms");
			}
		}
		// A command sent by a failed one's caller may have set the next check already.
		if (next != Long.MAX_VALUE && (link.timeouts == null || next < link.timeouts.time())) {
			watchTimeouts(link, next);
		}
	}

	private Link currentLink() {
		Link current = this.link;
		long now = this.scheduler.nanos();
		if (current == null || (current.killed) || (current.broken && now >= current.noticedAt)) {
			current = new Link(this.deployment.master(), ++this.links);
			if (this.link != null) {
				current.connectDelay = this.network.reconnection();
			}
			this.link = current;
		}
		return current;
	}

	/**
	 * Cuts this client off its server for a while: commands and replies on the way are
	 * lost, and the commands time out.
	 */
	void partition(long nanos) {
		this.partitionedUntil = Math.max(this.partitionedUntil, this.scheduler.nanos() + nanos);
	}

	private boolean cutOff() {
		return this.scheduler.nanos() < this.partitionedUntil || this.deployment.isDown();
	}

	private void arrive(Link link, Request request, BiConsumer<SimRedis, Consumer<Object>> command) {
		if (link.killed || link.broken) {
			return;
		}
		if (cutOff()) {
			breakSilently(link, "command lost");
			return;
		}
		if (this.scheduler.nanos() < this.deployment.pausedUntil()) {
			// A paused server reads the command when it resumes, in order.
			this.scheduler.at(this.deployment.pausedUntil(), null, () -> arrive(link, request, command));
			return;
		}
		try {
			command.accept(link.server, (reply) -> answer(link, request, reply));
		}
		catch (RedisError ex) {
			answer(link, request, ex);
		}
	}

	private void answer(Link link, Request request, Object reply) {
		if (link.killed || link.broken) {
			return;
		}
		this.scheduler.note(this.client, " ", link.server.name(), " ", request.what, " -> ", reply);
		if (this.network.loseReply()) {
			link.broken = true;
			link.noticedAt = this.scheduler.nanos() + this.network.detection();
			this.scheduler.note(this.client + " connection " + link.number + " broke, reply lost");
			return;
		}
		long now = this.scheduler.nanos();
		long replyAt = Math.max(link.lastReply, now + this.network.delay());
		link.lastReply = replyAt;
		Object answer = reply;
		this.scheduler.at(replyAt, null, () -> {
			if (!link.killed && !link.broken && cutOff()) {
				breakSilently(link, "reply lost");
			}
			if (!link.killed && !link.broken && link.pending.remove(request)) {
				if (answer instanceof RedisError error) {
					request.reply.completeExceptionally(error);
				}
				else {
					request.reply.complete(answer);
				}
			}
		}, this.process);
	}

	/**
	 * A connection whose messages a partition or a server going down lost breaks, as TCP
	 * gives up: what follows on it is lost too, until the client notices.
	 */
	private void breakSilently(Link link, String what) {
		link.broken = true;
		link.noticedAt = this.scheduler.nanos() + this.network.detection();
		this.scheduler.note(this.client + " connection " + link.number + " broke, " + what);
	}

	/**
	 * Kills the connection: every command waiting fails as soon as the client reads the
	 * reset.
	 */
	public void kill() {
		Link current = this.link;
		if (current == null || current.killed) {
			return;
		}
		current.killed = true;
		this.scheduler.note(this.client + " connection " + current.number + " killed");
		List<Request> pending = new ArrayList<>(current.pending);
		current.pending.clear();
		if (current.timeouts != null) {
			current.timeouts.cancel();
			current.timeouts = null;
		}
		this.scheduler.schedule(0, null, () -> pending.forEach((request) -> fail(request, "Connection reset by peer")),
				this.process);
	}

	private static void fail(Request request, String message) {
		request.reply.completeExceptionally(new NetworkFaultException(message));
	}

	/**
	 * Equal only to itself, so that finding it among those waiting compares no fields.
	 */
	private static final class Request {

		final String what;

		final CompletableFuture<Object> reply;

		final long deadline;

		final long timeoutNanos;

		Request(String what, CompletableFuture<Object> reply, long deadline, long timeoutNanos) {
			this.what = what;
			this.reply = reply;
			this.deadline = deadline;
			this.timeoutNanos = timeoutNanos;
		}

	}

	private static final class Link {

		final SimRedis server;

		final int number;

		final List<Request> pending = new ArrayList<>();

		long lastArrival;

		long lastReply;

		long connectDelay;

		boolean killed;

		boolean broken;

		long noticedAt;

		/**
		 * Fails the commands whose time is up, at the earliest deadline of those waiting.
		 */
		Scheduler.Event timeouts;

		Link(SimRedis server, int number) {
			this.server = server;
			this.number = number;
		}

	}

}
