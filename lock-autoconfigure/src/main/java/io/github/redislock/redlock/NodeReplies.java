// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/**
 * The replies of every node to one call, in node order, as far as they came.
 *
 * @param <T> the reply type
 * @author redis-lock contributors
 */
record NodeReplies<T>(List<NodeReply<T>> replies, List<CompletableFuture<T>> futures) {

	int answered() {
		return (int) this.replies.stream().filter(NodeReply::answered).count();
	}

	/** How many nodes failed, not counting those still awaited. */
	int failed() {
		return (int) this.replies.stream().filter((reply) -> !reply.answered() && !reply.pending()).count();
	}

	int pending() {
		return (int) this.replies.stream().filter(NodeReply::pending).count();
	}

	int count(Predicate<T> test) {
		return (int) this.replies.stream()
			.filter((reply) -> reply.answered() && reply.value() != null && test.test(reply.value()))
			.count();
	}

	/** Nodes whose answer passes the test or is unknown (failed or pending). */
	List<Integer> passingOrUnknown(Predicate<T> test) {
		List<Integer> indexes = new ArrayList<>();
		for (int i = 0; i < this.replies.size(); i++) {
			NodeReply<T> reply = this.replies.get(i);
			if (!reply.answered() || (reply.value() != null && test.test(reply.value()))) {
				indexes.add(i);
			}
		}
		return indexes;
	}

	/** Why the nodes that did not answer did not, joined for a message. */
	String failures() {
		return String.join("; ",
				this.replies.stream().filter((reply) -> !reply.answered()).map(NodeReply::failure).toList());
	}

	/**
	 * One node's reply: a value, or in {@code failure} why there is none (yet, if
	 * {@code pending}).
	 */
	record NodeReply<T>(@Nullable T value, @Nullable String failure, boolean pending) {

		static <T> NodeReply<T> of(@Nullable T value) {
			return new NodeReply<>(value, null, false);
		}

		static <T> NodeReply<T> failed(String failure) {
			return new NodeReply<>(null, failure, false);
		}

		static <T> NodeReply<T> pending(String failure) {
			return new NodeReply<>(null, failure, true);
		}

		boolean answered() {
			return this.failure == null;
		}

	}

}
