// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.LongPredicate;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.simulation.Network;
import io.github.redislock.simulation.SimConnection;

/**
 * The {@code WAIT} that follows a lock write under replica acknowledgement, on the
 * write's connection, with the real store's choices ({@link AcknowledgedWrites},
 * {@link RedisLockStore}): which replies wrote something, that a shortfall or a failed
 * {@code WAIT} fails the call, and that only an acquisition is given back.
 *
 * @author redis-lock contributors
 */
final class AcknowledgedWaits {

	/** Shorter than the command timeout, as the documentation asks. */
	static final Duration TIMEOUT = Duration.ofMillis(200);

	private static final int REPLICAS = 1;

	private final SimConnection connection;

	private final BiFunction<String, String, CompletableFuture<Object>> giveBack;

	/** A known fault put back: a shortfall taken for enough acknowledgements. */
	private final boolean shortfallIgnored;

	AcknowledgedWaits(SimConnection connection, BiFunction<String, String, CompletableFuture<Object>> giveBack,
			boolean shortfallIgnored) {
		this.connection = connection;
		this.giveBack = giveBack;
		this.shortfallIgnored = shortfallIgnored;
	}

	/**
	 * {@code acquire.lua}: a reply of 0 or more took the lock, which a shortfall gives
	 * back.
	 */
	CompletableFuture<Object> acquisition(String name, String token, CompletableFuture<Object> write) {
		return acknowledged(write, (reply) -> reply >= 0, "Lock '" + name + "' was taken", name, token);
	}

	/** {@code renew.lua}: 1 extended the lease. */
	CompletableFuture<Object> renewal(String name, CompletableFuture<Object> write) {
		return acknowledged(write, (reply) -> reply == 1, "The lease of lock '" + name + "' was extended", name, null);
	}

	/** {@code reacquire.lua}: a reply other than 0 passed the lock on. */
	CompletableFuture<Object> reacquisition(String name, CompletableFuture<Object> write) {
		return acknowledged(write, (reply) -> reply != 0, "Lock '" + name + "' was taken over with a new lease", name,
				null);
	}

	/** {@code fence.lua}: a positive reply issued a token. */
	CompletableFuture<Object> fencingToken(String name, CompletableFuture<Object> write) {
		return acknowledged(write, (reply) -> reply > 0, "A fencing token for lock '" + name + "' was issued", name,
				null);
	}

	/** {@code raise-counter.lua}: waited for whatever it answers. */
	CompletableFuture<Object> raise(String name, CompletableFuture<Object> write) {
		return acknowledged(write, (reply) -> true, "The fencing tokens of lock '" + name + "' were raised", name,
				null);
	}

	/**
	 * {@code renew-all.lua} calls to one server: one {@code WAIT} after all of them, and
	 * every call fails if one did or the replicas fall short.
	 */
	List<CompletableFuture<Object>> renewals(String names, List<CompletableFuture<Object>> writes) {
		List<CompletableFuture<Object>> answers = new ArrayList<>(writes.size());
		writes.forEach((write) -> answers.add(new CompletableFuture<>()));
		CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).whenComplete((done, failure) -> {
			if (failure != null) {
				answers.forEach((answer) -> answer.completeExceptionally(unwrapped(failure)));
				return;
			}
			awaitReplicas().whenComplete((count, waitFailure) -> {
				RuntimeException shortfall = shortfall(names, writes.size() + " renewal calls extended their leases",
						count, waitFailure);
				for (int i = 0; i < writes.size(); i++) {
					if (shortfall != null) {
						answers.get(i).completeExceptionally(shortfall);
					}
					else {
						answers.get(i).complete(writes.get(i).join());
					}
				}
			});
		});
		return answers;
	}

	private CompletableFuture<Object> acknowledged(CompletableFuture<Object> write, LongPredicate wrote,
			String description, String name, String giveBackToken) {
		return write.thenCompose((reply) -> {
			if (!wrote.test((Long) reply)) {
				return CompletableFuture.completedFuture(reply);
			}
			return awaitReplicas().handle((count, failure) -> shortfall(name, description, count, failure))
				.thenCompose((shortfall) -> {
					if (shortfall == null) {
						return CompletableFuture.completedFuture(reply);
					}
					if (giveBackToken == null) {
						return CompletableFuture.failedFuture(shortfall);
					}
					return this.giveBack.apply(name, giveBackToken)
						.handle((given, failure) -> (Object) null)
						.thenCompose((given) -> CompletableFuture.failedFuture(shortfall));
				});
		});
	}

	private CompletableFuture<Object> awaitReplicas() {
		long timeoutNanos = TIMEOUT.toNanos();
		return this.connection.send("wait " + REPLICAS + " " + TIMEOUT.toMillis(),
				(server, reply) -> server.replication().await(REPLICAS, timeoutNanos, reply::accept),
				Network.COMMAND_TIMEOUT_NANOS);
	}

	/** As {@link AcknowledgedWrites}: {@code null} when enough replicas acknowledged. */
	private LockStoreException shortfall(String name, String description, Object count, Throwable failure) {
		if (this.shortfallIgnored && failure == null) {
			return null;
		}
		if (failure != null) {
			return new LockStoreException(name,
					description + ", but waiting for its replicas failed (WAIT): " + unwrapped(failure).getMessage(),
					unwrapped(failure));
		}
		long acknowledged = (Long) count;
		if (acknowledged >= REPLICAS) {
			return null;
		}
		return new LockStoreException(name, description + ", but only " + acknowledged + " of " + REPLICAS
				+ " replicas acknowledged it within " + TIMEOUT.toMillis() + " ms");
	}

	private static Throwable unwrapped(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
