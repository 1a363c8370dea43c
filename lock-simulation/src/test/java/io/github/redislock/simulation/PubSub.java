// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.redislock.simulation.server.SimRedis;

/**
 * The channels subscribed on one server, and who subscribed them: {@code PUBLISH} hands
 * each message to those subscribers' connections, which may lose or delay it.
 *
 * @author redis-lock contributors
 */
final class PubSub {

	private final SimRedis server;

	private final Map<String, List<SimSubscriber>> channels = new HashMap<>();

	PubSub(SimRedis server) {
		this.server = server;
		server.publishTo(this::publish);
	}

	private long publish(String channel, String message) {
		List<SimSubscriber> subscribers = this.channels.get(channel);
		if (subscribers == null) {
			return 0;
		}
		for (SimSubscriber subscriber : List.copyOf(subscribers)) {
			subscriber.deliver(this.server, channel, message);
		}
		return subscribers.size();
	}

	void add(String channel, SimSubscriber subscriber) {
		List<SimSubscriber> subscribers = this.channels.computeIfAbsent(channel, (key) -> new ArrayList<>());
		if (!subscribers.contains(subscriber)) {
			subscribers.add(subscriber);
		}
	}

	void remove(String channel, SimSubscriber subscriber) {
		List<SimSubscriber> subscribers = this.channels.get(channel);
		if (subscribers != null && subscribers.remove(subscriber) && subscribers.isEmpty()) {
			this.channels.remove(channel);
		}
	}

	void removeAll(SimSubscriber subscriber) {
		this.channels.values().forEach((subscribers) -> subscribers.remove(subscriber));
		this.channels.values().removeIf(List::isEmpty);
	}

}
