// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockStore;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * One application instance as the engine tests see it: its own connection factory,
 * template, store and client, as separate processes would have.
 *
 * @author redis-lock contributors
 */
final class LockClientInstance implements AutoCloseable {

	final LettuceConnectionFactory connectionFactory;

	final StringRedisTemplate redis;

	final RedisLockStore store;

	/**
	 * The names of the store's keys in Redis: the store is made with the prefix "lock:".
	 */
	final RedisLockKeys keys = new RedisLockKeys("lock:");

	final DefaultLockClient client;

	final List<LockLostEvent> lostEvents = new CopyOnWriteArrayList<>();

	private LockClientInstance(LettuceConnectionFactory connectionFactory, LockBackoff backoff, Duration leaseTime,
			UnaryOperator<LockStore> storeDecorator, int maxLocalHandoffs, Consumer<LockLostEvent> lostListener,
			ReplicaAcknowledgement acknowledgement) {
		this.connectionFactory = connectionFactory;
		this.redis = new StringRedisTemplate(connectionFactory);
		this.store = new RedisLockStore(this.redis, "lock:", acknowledgement);
		this.store.openConnections();
		this.client = new DefaultLockClient(storeDecorator.apply(this.store), leaseTime, true, backoff, (event) -> {
			this.lostEvents.add(event);
			lostListener.accept(event);
		});
		this.client.setMaxLocalHandoffs(maxLocalHandoffs);
	}

	static Builder on(int port) {
		return new Builder(new RedisStandaloneConfiguration("127.0.0.1", port));
	}

	static Builder on(RedisConfiguration configuration) {
		return new Builder(configuration);
	}

	@Override
	public void close() {
		this.client.close();
		this.store.close();
		this.connectionFactory.destroy();
	}

	static final class Builder {

		private final RedisConfiguration configuration;

		private LockBackoff backoff = LockBackoff.DEFAULT;

		private Duration leaseTime = Duration.ofSeconds(30);

		private Duration commandTimeout = Duration.ofSeconds(2);

		private UnaryOperator<LockStore> storeDecorator = (store) -> store;

		private int maxLocalHandoffs;

		private ReplicaAcknowledgement acknowledgement = ReplicaAcknowledgement.NONE;

		private Consumer<LockLostEvent> lostListener = (event) -> {
		};

		private Consumer<LockClientInstance> onStart = (instance) -> {
		};

		private Builder(RedisConfiguration configuration) {
			this.configuration = configuration;
		}

		Builder backoff(LockBackoff backoff) {
			this.backoff = backoff;
			return this;
		}

		Builder leaseTime(Duration leaseTime) {
			this.leaseTime = leaseTime;
			return this;
		}

		Builder commandTimeout(Duration commandTimeout) {
			this.commandTimeout = commandTimeout;
			return this;
		}

		Builder storeDecorator(UnaryOperator<LockStore> storeDecorator) {
			this.storeDecorator = storeDecorator;
			return this;
		}

		Builder replicaAcknowledgement(ReplicaAcknowledgement acknowledgement) {
			this.acknowledgement = acknowledgement;
			return this;
		}

		Builder maxLocalHandoffs(int maxLocalHandoffs) {
			this.maxLocalHandoffs = maxLocalHandoffs;
			return this;
		}

		/**
		 * Also tell this listener of every lost lease, after the event is recorded in
		 * {@link LockClientInstance#lostEvents}.
		 */
		Builder lostListener(Consumer<LockLostEvent> lostListener) {
			this.lostListener = lostListener;
			return this;
		}

		Builder onStart(Consumer<LockClientInstance> onStart) {
			this.onStart = onStart;
			return this;
		}

		LockClientInstance start() {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(this.configuration,
					LettuceClientConfiguration.builder().commandTimeout(this.commandTimeout).build());
			factory.afterPropertiesSet();
			factory.start();
			LockClientInstance instance = new LockClientInstance(factory, this.backoff, this.leaseTime,
					this.storeDecorator, this.maxLocalHandoffs, this.lostListener, this.acknowledgement);
			this.onStart.accept(instance);
			return instance;
		}

	}

}
