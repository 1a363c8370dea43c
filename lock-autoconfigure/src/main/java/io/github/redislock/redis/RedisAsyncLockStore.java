// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceExceptionConverter;

/**
 * The asynchronous calls of a {@link RedisLockStore}, sent with Lettuce's own
 * asynchronous commands and answered on Lettuce's threads: what its blocking commands do
 * too, less the wait. Each call is bounded by the client's command timeout: by Lettuce
 * where it times out commands, as Spring Boot's client does, else by a timer here.
 *
 * @author redis-lock contributors
 */
final class RedisAsyncLockStore {

	private static final LettuceExceptionConverter exceptions = new LettuceExceptionConverter();

	private final LettuceConnectionFactory connectionFactory;

	private final Duration commandTimeout;

	/** Spring Boot's client does: a timer of our own would then cost each call twice. */
	private final boolean lettuceTimesOutCommands;

	RedisAsyncLockStore(LettuceConnectionFactory connectionFactory) {
		this.connectionFactory = connectionFactory;
		this.commandTimeout = connectionFactory.getClientConfiguration().getCommandTimeout();
		this.lettuceTimesOutCommands = connectionFactory.getClientConfiguration()
			.getClientOptions()
			.map((options) -> options.getTimeoutOptions().isTimeoutCommands())
			.orElse(false);
	}

	/** The key's value, {@code null} if it has none. */
	CompletionStage<byte @Nullable []> get(byte[] key) {
		return send("GET", this.commandTimeout, (commands) -> commands.get(key));
	}

	/**
	 * Send every call at once on one connection, each answered on its own: Redis reads
	 * many per read, and on a cluster a shard that does not answer fails only its own
	 * calls. {@code timeout} bounds each call, capped at the command timeout.
	 */
	List<CompletableFuture<List<Boolean>>> renewAll(List<ScriptArguments.RenewalCall> calls, Duration timeout) {
		Duration callTimeout = (timeout.compareTo(this.commandTimeout) < 0) ? timeout : this.commandTimeout;
		List<CompletableFuture<List<Boolean>>> replies = new ArrayList<>(calls.size());
		for (ScriptArguments.RenewalCall call : calls) {
			int count = call.indexes().size();
			CompletableFuture<List<Object>> reply = send(LuaScript.RENEW_ALL, ScriptOutputType.MULTI, count,
					call.keysAndArgs(), callTimeout);
			replies.add(reply.thenApply((renewed) -> ScriptArguments.renewedByReplies(renewed, count)));
		}
		return replies;
	}

	CompletableFuture<Long> run(LuaScript script, int numKeys, byte[][] keysAndArgs) {
		return this.<Long>send(script, ScriptOutputType.INTEGER, numKeys, keysAndArgs, this.commandTimeout)
			.thenApply((reply) -> {
				if (reply == null) {
					throw new IllegalStateException("Redis returned no reply to a lock script");
				}
				return reply;
			});
	}

	/** Runs the script by SHA, sending its source on {@code NOSCRIPT}. */
	private <T> CompletableFuture<T> send(LuaScript script, ScriptOutputType type, int numKeys, byte[][] keysAndArgs,
			Duration timeout) {
		byte[][] keys = Arrays.copyOfRange(keysAndArgs, 0, numKeys);
		byte[][] args = Arrays.copyOfRange(keysAndArgs, numKeys, keysAndArgs.length);
		return send(script.toString(), timeout, (commands) -> commands.<T>evalsha(script.sha1(), type, keys, args)
			.exceptionallyCompose((ex) -> LuaScript.isNoScript(ex) ? commands.<T>eval(script.source(), type, keys, args)
					: CompletableFuture.failedFuture(ex)));
	}

	/**
	 * The connection is closed once answered: a dedicated one would otherwise drop the
	 * command.
	 */
	private <T> CompletableFuture<T> send(String command, Duration timeout,
			Function<RedisClusterAsyncCommands<byte[], byte[]>, CompletionStage<T>> call) {
		RedisConnection connection;
		try {
			connection = this.connectionFactory.getConnection();
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		CompletableFuture<T> reply;
		try {
			reply = call.apply(((LettuceConnection) connection).getNativeConnection()).toCompletableFuture();
		}
		catch (RuntimeException ex) {
			connection.close();
			return CompletableFuture.failedFuture(ex);
		}
		reply.whenComplete((result, ex) -> connection.close());
		if (!this.lettuceTimesOutCommands || timeout.compareTo(this.commandTimeout) < 0) {
			reply.orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		return reply.handle((result, ex) -> {
			if (ex != null) {
				throw translated(ex, command, timeout);
			}
			return result;
		});
	}

	/** As Spring's blocking commands report them, so both kinds of call fail alike. */
	private static RuntimeException translated(Throwable failure, String command, Duration timeout) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof TimeoutException || cause instanceof RedisCommandTimeoutException) {
			// Without the cause: the innermost message is the one a failure shows.
			return new QueryTimeoutException(
					"Redis did not answer " + command + " within " + timeout.toMillis() + " ms");
		}
		DataAccessException translated = (cause instanceof Exception ex) ? exceptions.convert(ex) : null;
		if (translated != null) {
			return translated;
		}
		return (cause instanceof RuntimeException runtime) ? runtime : new CompletionException(cause);
	}

}
