// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import io.github.redislock.store.LockStore.AcquireResult;
import io.github.redislock.store.LockStore.Queueing;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The asynchronous calls of a {@link RedisLockStore} over Lettuce's reactive connection,
 * answered on Lettuce's threads. Lettuce does not time out asynchronous commands unless
 * told to, so each call here is bounded by the client's command timeout.
 *
 * @author redis-lock contributors
 */
final class RedisAsyncLockStore {

	/** Renewal calls awaiting replies at once: 200 calls of 500 cover 100,000 leases. */
	private static final int MAX_CALLS_IN_FLIGHT = 256;

	private final RedisLockStore store;

	private final ReactiveRedisConnectionFactory connectionFactory;

	private final Duration commandTimeout;

	RedisAsyncLockStore(RedisLockStore store, ReactiveRedisConnectionFactory connectionFactory) {
		this.store = store;
		this.connectionFactory = connectionFactory;
		this.commandTimeout = (connectionFactory instanceof LettuceConnectionFactory lettuce)
				? lettuce.getClientConfiguration().getCommandTimeout() : Duration.ofSeconds(60);
	}

	/**
	 * Connects now: on a Redis Cluster, a server that stopped answering when the topology
	 * is first read would hold up every call until its timeout.
	 */
	void openConnection() {
		try {
			this.connectionFactory.getReactiveConnection().closeLater().block(this.commandTimeout);
		}
		catch (RuntimeException ex) {
			// The first call that needs the connection opens it, or reports why not.
		}
	}

	CompletionStage<AcquireResult> tryAcquire(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder) {
		long lease = RedisLockStore.leaseMillis(name, leaseTime);
		byte[][] keysAndArgs = this.store.acquireArguments(name, ownerToken, lease, queueing,
				this.store.holderFields(ownerToken, holder), HolderRecord.now());
		return run(LuaScript.ACQUIRE, RedisLockStore.QUEUE_SCRIPT_KEYS, keysAndArgs)
			.map((reply) -> RedisLockStore.acquireResult(ownerToken, reply))
			.toFuture();
	}

	CompletionStage<Boolean> renew(String name, String ownerToken, Duration leaseTime) {
		return run(LuaScript.RENEW, 1, this.store.renewArguments(name, ownerToken, leaseTime))
			.map((reply) -> reply == 1)
			.toFuture();
	}

	CompletionStage<Boolean> release(String name, String ownerToken) {
		return run(LuaScript.RELEASE, RedisLockStore.RELEASE_SCRIPT_KEYS, this.store.releaseArguments(name, ownerToken))
			.map(RedisLockStore::released)
			.toFuture();
	}

	CompletionStage<Boolean> giveBack(String name, String ownerToken) {
		return run(LuaScript.RELEASE, RedisLockStore.RELEASE_SCRIPT_KEYS - 1,
				this.store.giveBackArguments(name, ownerToken))
			.map((reply) -> reply == 1)
			.toFuture();
	}

	CompletionStage<LockStore.@Nullable Reacquisition> reacquire(byte[][] keysAndArgs) {
		return run(LuaScript.REACQUIRE, 2, keysAndArgs).toFuture().thenApply(RedisLockStore::reacquisition);
	}

	CompletionStage<Boolean> raiseCounter(byte[] counterKey, byte[] token) {
		return run(LuaScript.RAISE_COUNTER, 1, new byte[][] { counterKey, token }).map((reply) -> reply == 1)
			.toFuture();
	}

	CompletionStage<Boolean> raiseFence(byte[][] keysAndArgs) {
		return run(LuaScript.RAISE_FENCE, 2, keysAndArgs).map((reply) -> reply == 1).toFuture();
	}

	/** The key's value, {@code null} if it has none. */
	CompletionStage<byte @Nullable []> get(byte[] key) {
		return Mono
			.usingWhen(Mono.fromSupplier(this.connectionFactory::getReactiveConnection),
					(connection) -> connection.stringCommands().get(ByteBuffer.wrap(key)),
					ReactiveRedisConnection::closeLater)
			.timeout(this.commandTimeout)
			.map((value) -> {
				byte[] bytes = new byte[value.remaining()];
				value.get(bytes);
				return bytes;
			})
			.toFuture();
	}

	CompletionStage<Boolean> forceRelease(String name) {
		return run(LuaScript.FORCE_RELEASE, 1, this.store.forceReleaseArguments(name)).map((reply) -> reply == 1)
			.toFuture();
	}

	CompletionStage<Long> issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return run(LuaScript.FENCE, 2, this.store.fenceArguments(name, ownerToken)).toFuture();
	}

	/**
	 * Send every call at once on one connection, each answered on its own: Redis reads
	 * many per read, and on a cluster a shard that does not answer fails only its own
	 * calls. {@code timeout} bounds each call, capped at the command timeout.
	 */
	List<CompletableFuture<List<Boolean>>> renewAll(List<RedisLockStore.RenewalCall> calls, Duration timeout) {
		Duration callTimeout = (timeout.compareTo(this.commandTimeout) < 0) ? timeout : this.commandTimeout;
		List<CompletableFuture<List<Boolean>>> replies = new ArrayList<>(calls.size());
		for (int c = 0; c < calls.size(); c++) {
			replies.add(new CompletableFuture<>());
		}
		Mono.usingWhen(Mono.fromSupplier(this.connectionFactory::getReactiveConnection),
				(connection) -> Flux.range(0, calls.size())
					.flatMap((c) -> renewAll(connection, calls.get(c)).timeout(callTimeout)
						.doOnNext(replies.get(c)::complete)
						.doOnError(replies.get(c)::completeExceptionally)
						.onErrorResume((ex) -> Mono.empty()), MAX_CALLS_IN_FLIGHT)
					.then(),
				ReactiveRedisConnection::closeLater)
			.timeout(this.commandTimeout.plus(callTimeout))
			.subscribe(null, (ex) -> replies.forEach((reply) -> reply.completeExceptionally(ex)), () -> replies
				.forEach((reply) -> reply
					.completeExceptionally(new IllegalStateException("Redis returned no reply to lease renewals"))));
		return replies;
	}

	private Mono<List<Boolean>> renewAll(ReactiveRedisConnection connection, RedisLockStore.RenewalCall call) {
		int count = call.indexes().size();
		ByteBuffer[] buffers = buffers(call.keysAndArgs());
		return connection.scriptingCommands()
			.<Object>evalSha(LuaScript.RENEW_ALL.sha1(), ReturnType.MULTI, count, duplicates(buffers))
			.collectList()
			.onErrorResume(LuaScript::isNoScript,
					(ex) -> connection.scriptingCommands()
						.<Object>eval(ByteBuffer.wrap(LuaScript.RENEW_ALL.source()), ReturnType.MULTI, count,
								duplicates(buffers))
						.collectList())
			.map((reply) -> RedisLockStore.renewedByReplies(flattened(reply), count));
	}

	/** A list reply arrives as its elements, or as one element holding the list. */
	private static List<?> flattened(List<Object> reply) {
		return (reply.size() == 1 && reply.get(0) instanceof List<?> list) ? list : reply;
	}

	private static ByteBuffer[] buffers(byte[][] keysAndArgs) {
		ByteBuffer[] buffers = new ByteBuffer[keysAndArgs.length];
		for (int i = 0; i < keysAndArgs.length; i++) {
			buffers[i] = ByteBuffer.wrap(keysAndArgs[i]);
		}
		return buffers;
	}

	private Mono<Long> run(LuaScript script, int numKeys, byte[][] keysAndArgs) {
		ByteBuffer[] buffers = buffers(keysAndArgs);
		return Mono
			.usingWhen(Mono.fromSupplier(this.connectionFactory::getReactiveConnection),
					(connection) -> evalSha(connection, script, numKeys, buffers).onErrorResume(LuaScript::isNoScript,
							(ex) -> eval(connection, script, numKeys, buffers)),
					ReactiveRedisConnection::closeLater)
			.timeout(this.commandTimeout)
			.switchIfEmpty(Mono.error(() -> new IllegalStateException("Redis returned no reply to a lock script")));
	}

	private static Mono<Long> evalSha(ReactiveRedisConnection connection, LuaScript script, int numKeys,
			ByteBuffer[] keysAndArgs) {
		return connection.scriptingCommands()
			.<Long>evalSha(script.sha1(), ReturnType.INTEGER, numKeys, duplicates(keysAndArgs))
			.next();
	}

	private static Mono<Long> eval(ReactiveRedisConnection connection, LuaScript script, int numKeys,
			ByteBuffer[] keysAndArgs) {
		return connection.scriptingCommands()
			.<Long>eval(ByteBuffer.wrap(script.source()), ReturnType.INTEGER, numKeys, duplicates(keysAndArgs))
			.next();
	}

	/** Buffers are read by the call that sends them, so a retry needs fresh views. */
	private static ByteBuffer[] duplicates(ByteBuffer[] buffers) {
		ByteBuffer[] copies = new ByteBuffer[buffers.length];
		for (int i = 0; i < buffers.length; i++) {
			copies[i] = buffers[i].duplicate();
		}
		return copies;
	}

}
