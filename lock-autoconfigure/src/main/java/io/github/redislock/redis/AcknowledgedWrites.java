// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.ToLongFunction;

import io.github.redislock.core.LockStoreException;
import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;

/**
 * Sends a lock write and its {@code WAIT} (or {@code WAITAOF}) over one connection to the
 * key's master. A write not acknowledged in time is undone and fails, so that a grant a
 * failover may lose never looks like a safe one.
 *
 * @author redis-lock contributors
 */
final class AcknowledgedWrites {

	private final ReplicaAcknowledgement acknowledgement;

	AcknowledgedWrites(ReplicaAcknowledgement acknowledgement) {
		this.acknowledgement = acknowledgement;
	}

	ReplicaAcknowledgement acknowledgement() {
		return this.acknowledgement;
	}

	/**
	 * Send {@code write} and, if {@code wrote} says it changed something, wait for the
	 * replicas; on a shortfall run {@code undo} (if any) and throw
	 * {@link LockStoreException}. On Redis Cluster, {@code key} picks the master.
	 */
	long run(RedisConnection connection, String name, byte[] key, String description,
			ToLongFunction<NodeCommands> write, LongPredicate wrote, @Nullable ToLongFunction<NodeCommands> undo) {
		Function<NodeCommands, Long> sequence = (node) -> {
			long reply = write.applyAsLong(node);
			if (wrote.test(reply)) {
				String shortfall;
				try {
					shortfall = shortfall(node);
				}
				catch (RuntimeException ex) {
					String cause = NestedExceptionUtils.getMostSpecificCause(ex).getMessage();
					throw failure(node, name, description + ", but waiting for its replicas failed ("
							+ (this.acknowledgement.fsync() ? "WAITAOF" : "WAIT") + "): " + cause + versionHint(cause),
							undo, ex);
				}
				if (shortfall != null) {
					throw failure(node, name, description + shortfall, undo, null);
				}
			}
			return reply;
		};
		Long reply = (connection instanceof RedisClusterConnection cluster)
				? LettuceNodeCommands.onMasterOf(cluster, key, sequence)
				: sequence.apply(new ConnectionCommands(connection));
		if (reply == null) {
			throw new IllegalStateException(description + " but Redis returned no reply");
		}
		return reply;
	}

	/**
	 * Wait for the replicas after writes already sent over this connection; throws
	 * {@link LockStoreException} on a shortfall.
	 */
	void await(RedisConnection connection, String names, String description) {
		ConnectionCommands node = new ConnectionCommands(connection);
		String shortfall = shortfall(node);
		if (shortfall != null) {
			throw new LockStoreException(names, description + shortfall);
		}
	}

	private @Nullable String shortfall(NodeCommands node) {
		int replicas = this.acknowledgement.replicas();
		long timeout = this.acknowledgement.timeout().toMillis();
		if (this.acknowledgement.fsync()) {
			long[] counts = node.waitForAppendOnlyFiles(replicas, timeout);
			if (counts[0] >= 1 && counts[1] >= replicas) {
				return null;
			}
			return ", but within " + timeout + " ms it was written to the append-only file of "
					+ ((counts[0] >= 1) ? "the master" : "not even the master") + " and of " + counts[1] + " of "
					+ replicas + " replicas (redis-lock.replica-ack.replicas, redis-lock.replica-ack.fsync)";
		}
		long acknowledged = node.waitForReplicas(replicas, timeout);
		if (acknowledged >= replicas) {
			return null;
		}
		return ", but only " + acknowledged + " of " + replicas + " replicas acknowledged it within " + timeout
				+ " ms (redis-lock.replica-ack.replicas, redis-lock.replica-ack.timeout)";
	}

	private String versionHint(@Nullable String cause) {
		return (this.acknowledgement.fsync() && cause != null
				&& cause.toLowerCase(Locale.ROOT).contains("unknown command"))
						? "; redis-lock.replica-ack.fsync needs Redis 7.2 or later" : "";
	}

	private static LockStoreException failure(NodeCommands node, String name, String message,
			@Nullable ToLongFunction<NodeCommands> undo, @Nullable Throwable cause) {
		if (undo == null) {
			return new LockStoreException(name, message, cause);
		}
		try {
			undo.applyAsLong(node);
			return new LockStoreException(name, message + "; it was given back", cause);
		}
		catch (RuntimeException ex) {
			LockStoreException failure = new LockStoreException(name,
					message + "; giving it back failed too, so it frees itself when its lease runs out", cause);
			failure.addSuppressed(ex);
			return failure;
		}
	}

}
