// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

import io.github.redislock.simulation.server.SimRedis;

/**
 * One client's pub/sub connection to the master, as Spring's listener container keeps
 * one: a channel is subscribed on the server a delay after it is asked for, messages come
 * in order after a delay and may be lost while faults are on, and a broken connection
 * subscribes its channels again on the current master after a while, telling no one of
 * what it missed meanwhile. Messages reach the client as events of its process; a crashed
 * client's connection is closed, and the server forgets its channels.
 *
 * @author redis-lock contributors
 */
public final class SimSubscriber {

	private final String client;

	private final Deployment deployment;

	private final Scheduler scheduler;

	private final Network network;

	private final BiConsumer<String, String> messages;

	private final ClientProcess process;

	/** How many listeners want each channel. */
	private final Map<String, Integer> wanted = new HashMap<>();

	private SimRedis server;

	private int epoch;

	private long lastDelivery;

	/** Until when the network between this client and its server loses every message. */
	private long partitionedUntil;

	SimSubscriber(String client, Deployment deployment, Scheduler scheduler, Network network, ClientProcess process,
			BiConsumer<String, String> messages) {
		this.client = client;
		this.deployment = deployment;
		this.scheduler = scheduler;
		this.network = network;
		this.process = process;
		this.messages = messages;
		this.server = deployment.master();
		deployment.register(this);
	}

	/** Subscribes the channel; {@code subscribed} runs once the server has it. */
	public void subscribe(String channel, Runnable subscribed) {
		this.wanted.merge(channel, 1, Integer::sum);
		int epoch = this.epoch;
		this.scheduler.schedule(this.network.delay(), this.client + " SUBSCRIBE " + channel, () -> {
			if (epoch == this.epoch && this.wanted.containsKey(channel)) {
				this.deployment.pubsub(this.server).add(channel, this);
			}
			this.scheduler.schedule(this.network.delay(), null, subscribed, this.process);
		});
	}

	public void unsubscribe(String channel) {
		Integer count = this.wanted.get(channel);
		if (count == null) {
			return;
		}
		if (count > 1) {
			this.wanted.put(channel, count - 1);
			return;
		}
		this.wanted.remove(channel);
		int epoch = this.epoch;
		this.scheduler.schedule(this.network.delay(), this.client + " UNSUBSCRIBE " + channel, () -> {
			if (epoch == this.epoch && !this.wanted.containsKey(channel)) {
				this.deployment.pubsub(this.server).remove(channel, this);
			}
		});
	}

	void deliver(SimRedis from, String channel, String message) {
		if (from != this.server || this.network.losePublication() || this.scheduler.nanos() < this.partitionedUntil) {
			return;
		}
		int epoch = this.epoch;
		long now = this.scheduler.nanos();
		long at = Math.max(this.lastDelivery, now + this.network.delay());
		this.lastDelivery = at;
		this.scheduler.atTraced(at, new Object[] { this.client, " message ", channel, " '", message, "'" }, () -> {
			if (epoch == this.epoch && this.wanted.containsKey(channel)) {
				this.messages.accept(channel, message);
			}
		}, this.process);
	}

	/** The connection breaks; its channels are subscribed again on the master later. */
	void kill() {
		this.deployment.pubsub(this.server).removeAll(this);
		int epoch = ++this.epoch;
		this.scheduler.schedule(this.network.reconnection() + this.network.delay(), this.client + " resubscribe",
				() -> {
					if (epoch == this.epoch) {
						this.server = this.deployment.master();
						this.wanted.keySet()
							.forEach((channel) -> this.deployment.pubsub(this.server).add(channel, this));
					}
				}, this.process);
	}

	/** Cuts this client off its server for a while: the messages meanwhile are lost. */
	void partition(long nanos) {
		this.partitionedUntil = Math.max(this.partitionedUntil, this.scheduler.nanos() + nanos);
		kill();
	}

	/** The client's process died: the server closes the connection, and nothing comes. */
	void crash() {
		this.deployment.pubsub(this.server).removeAll(this);
		this.epoch++;
	}

}
