// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/**
 * One fault asked of the {@link FaultProxy}: lose or delay the reply to the next command
 * that matches. Its result completes with the command's description once the fault
 * happened; it is cancelled when the fault is cleared or replaced before that, and fails
 * when the connection ends before the reply came.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ReplyFault {

	private final Predicate<RedisCommand> match;

	private final @Nullable Duration delay;

	private final CompletableFuture<String> result = new CompletableFuture<>();

	private ReplyFault(Predicate<RedisCommand> match, @Nullable Duration delay) {
		this.match = match;
		this.delay = delay;
	}

	static ReplyFault loss(Predicate<RedisCommand> match) {
		return new ReplyFault(match, null);
	}

	static ReplyFault delay(Predicate<RedisCommand> match, Duration delay) {
		if (delay.isNegative()) {
			throw new IllegalArgumentException("delay must not be negative");
		}
		return new ReplyFault(match, delay);
	}

	boolean matches(RedisCommand command) {
		return this.match.test(command);
	}

	/**
	 * Return how long to hold the reply back.
	 * @return the delay, or {@code null} if the reply is lost
	 */
	@Nullable Duration delay() {
		return this.delay;
	}

	CompletableFuture<String> result() {
		return this.result;
	}

	boolean isSettled() {
		return this.result.isDone();
	}

	void happened(String description) {
		this.result.complete(description);
	}

	void cancel(String reason) {
		this.result.completeExceptionally(new CancellationException(reason));
	}

	void fail(String reason) {
		this.result.completeExceptionally(new IllegalStateException(reason));
	}

	@Override
	public String toString() {
		return (this.delay != null) ? "delay reply by " + this.delay : "lose reply";
	}

}
