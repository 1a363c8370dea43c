// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.redislock.store.LockStore.HandOff;
import io.github.redislock.store.LockStore.ReleaseListener;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Release notifications over one shared Redis subscription. A channel stays subscribed a
 * second after its last waiter left, so a hot lock does not pay SUBSCRIBE and UNSUBSCRIBE
 * per hand-over; subscribing runs on one background thread, so a waiter never blocks.
 *
 * @author redis-lock contributors
 */
final class ReleaseSubscriptions implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ReleaseSubscriptions.class);

	private final RedisMessageListenerContainer container;

	private static final Duration LINGER = Duration.ofSeconds(1);

	/** How long closing waits for a subscribe or unsubscribe under way. */
	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

	private final ScheduledThreadPoolExecutor subscriber = new ScheduledThreadPoolExecutor(1, (runnable) -> {
		Thread thread = new Thread(runnable, "redis-lock-subscriber");
		thread.setDaemon(true);
		return thread;
	});

	private final ConcurrentMap<String, Set<ReleaseListener>> listeners = new ConcurrentHashMap<>();

	/**
	 * When the last listener of each channel left; present exactly while a check is
	 * scheduled.
	 */
	private final ConcurrentMap<String, Long> lastLeft = new ConcurrentHashMap<>();

	/** Channels subscribed in Redis; only touched by the subscriber thread. */
	private final Set<String> subscribed = new HashSet<>();

	private final MessageListener dispatcher = (message,
			pattern) -> dispatch(new String(message.getChannel(), StandardCharsets.UTF_8), message.getBody());

	private final RedisLockKeys keys;

	private boolean started;

	ReleaseSubscriptions(RedisConnectionFactory connectionFactory, RedisLockKeys keys) {
		this.keys = keys;
		this.container = new RedisMessageListenerContainer();
		this.container.setConnectionFactory(connectionFactory);
		// Listeners only release a semaphore: run them on the receiving thread.
		this.container.setTaskExecutor(Runnable::run);
		// Jedis subscribes by blocking a thread, which must not be the caller's.
		SimpleAsyncTaskExecutor subscriptionExecutor = new SimpleAsyncTaskExecutor("redis-lock-subscription-");
		subscriptionExecutor.setDaemon(true);
		this.container.setSubscriptionExecutor(subscriptionExecutor);
		this.container.setBeanName("redisLockReleaseSubscriptions");
	}

	/**
	 * Tell the listener of releases on the lock's channel and of hand-offs naming the
	 * lock on its client's channel. It is also told once both are subscribed, so that a
	 * release between the waiter's last attempt and its subscription is not missed.
	 */
	AutoCloseable subscribe(String channel, @Nullable String handOffChannel, ReleaseListener listener) {
		if (handOffChannel != null) {
			this.listeners.computeIfAbsent(handOffChannel, (key) -> new CopyOnWriteArraySet<>()).add(listener);
		}
		this.listeners.computeIfAbsent(channel, (key) -> new CopyOnWriteArraySet<>()).add(listener);
		submit(() -> {
			if (handOffChannel != null) {
				subscribeIfWanted(handOffChannel, listener, false);
			}
			subscribeIfWanted(channel, listener, true);
		});
		return () -> {
			unsubscribe(channel, listener);
			if (handOffChannel != null) {
				unsubscribe(handOffChannel, listener);
			}
		};
	}

	private void unsubscribe(String channel, ReleaseListener listener) {
		this.listeners.computeIfPresent(channel, (key, set) -> {
			set.remove(listener);
			return set.isEmpty() ? null : set;
		});
		// One check per channel at a time: waiters of a hot lock leave thousands of times
		// a second.
		if (this.lastLeft.put(channel, System.nanoTime()) == null) {
			scheduleCheck(channel, LINGER.toNanos());
		}
	}

	private void scheduleCheck(String channel, long delayNanos) {
		try {
			this.subscriber.schedule(() -> unsubscribeIfUnwanted(channel), delayNanos, TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// Closed: the container is gone with all its subscriptions.
		}
	}

	private void subscribeIfWanted(String channel, ReleaseListener listener, boolean tell) {
		Set<ReleaseListener> current = this.listeners.get(channel);
		if (current == null || !current.contains(listener)) {
			return;
		}
		try {
			if (!this.subscribed.contains(channel)) {
				ensureStarted();
				this.container.addMessageListener(this.dispatcher, new ChannelTopic(channel));
				this.subscribed.add(channel);
			}
			if (tell) {
				listener.released(null);
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Could not subscribe to channel '{}'; waiters rely on their backoff", channel, ex);
		}
	}

	/**
	 * Unsubscribes once a channel had no listener for {@link #LINGER}. Deciding inside
	 * the map update keeps a listener leaving meanwhile from counting on a check about to
	 * end.
	 */
	private void unsubscribeIfUnwanted(String channel) {
		long now = System.nanoTime();
		long[] checkAgainIn = { 0 };
		boolean[] unwanted = { false };
		this.lastLeft.computeIfPresent(channel, (key, leftAt) -> {
			if (this.listeners.containsKey(channel)) {
				return null;
			}
			long idle = now - leftAt;
			if (idle < LINGER.toNanos()) {
				checkAgainIn[0] = LINGER.toNanos() - idle;
				return leftAt;
			}
			unwanted[0] = true;
			return null;
		});
		if (checkAgainIn[0] > 0) {
			scheduleCheck(channel, checkAgainIn[0]);
		}
		if (!unwanted[0] || !this.subscribed.remove(channel)) {
			return;
		}
		try {
			this.container.removeMessageListener(this.dispatcher, new ChannelTopic(channel));
		}
		catch (RuntimeException ex) {
			logger.debug("Could not unsubscribe from channel '{}'", channel, ex);
		}
	}

	private void submit(Runnable task) {
		try {
			this.subscriber.execute(task);
		}
		catch (RejectedExecutionException ex) {
			// Closed: waiters rely on their backoff.
		}
	}

	private void ensureStarted() {
		if (!this.started) {
			this.container.afterPropertiesSet();
			this.container.start();
			this.started = true;
		}
	}

	private void dispatch(String channel, byte[] body) {
		if (!channel.startsWith(this.keys.handOffChannelPrefix())) {
			notifyListeners(channel, handOff(body));
			return;
		}
		// '<owner token>#<grant> <ticket> <lock key>', the key last: it may hold spaces.
		String message = new String(body, StandardCharsets.UTF_8);
		int second = message.indexOf(' ', message.indexOf(' ') + 1);
		HandOff handOff = (second > 0) ? handOff(message.substring(0, second)) : null;
		if (handOff != null) {
			notifyListeners(this.keys.channelOfKey(message.substring(second + 1)), handOff);
		}
	}

	private void notifyListeners(String channel, @Nullable HandOff handOff) {
		Set<ReleaseListener> current = this.listeners.get(channel);
		if (current != null) {
			current.forEach((listener) -> listener.released(handOff));
		}
	}

	/**
	 * A release message: {@code <owner token>#<grant> <ticket>} for a hand-off (which
	 * carries no fencing token); anything else is a release that left the lock free.
	 */
	static @Nullable HandOff handOff(byte[] body) {
		return handOff(new String(body, StandardCharsets.UTF_8));
	}

	private static @Nullable HandOff handOff(String message) {
		int space = message.indexOf(' ');
		if (space <= 0) {
			return null;
		}
		try {
			String granted = message.substring(0, space);
			int grant = granted.indexOf('#');
			return new HandOff((grant < 0) ? granted : granted.substring(0, grant),
					Long.parseLong(message.substring(space + 1)), granted);
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	/**
	 * Bounded: a connect cut off by a stopping connection factory may never complete, so
	 * its daemon thread is left behind rather than hang shutdown.
	 */
	@Override
	public void close() {
		this.subscriber.shutdownNow();
		try {
			if (!this.subscriber.awaitTermination(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn(
						"The release notifications of the Redis lock store did not stop within {}: "
								+ "subscribing is stuck in Redis; its connection is left to the connection factory",
						CLOSE_TIMEOUT);
				return;
			}
			this.container.destroy();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			logger.debug("Could not stop the release subscription container", ex);
		}
	}

}
