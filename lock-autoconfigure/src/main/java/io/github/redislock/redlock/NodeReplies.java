// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * The replies of every node to one call, as far as they came.
 *
 * @param <T> the reply type
 * @param replies in node order
 * @param futures the replies in node order, those still to come among them
 * @param timeout how long the nodes had
 * @author redis-lock contributors
 */
record NodeReplies<T>(List<NodeReply<T>> replies, List<CompletableFuture<T>> futures, Duration timeout) {

	int answered() {
		return (int) this.replies.stream().filter(NodeReply::answered).count();
	}

	/**
	 * Return how many nodes failed to answer, not counting those still awaited.
	 * @return the failed nodes
	 */
	int failed() {
		return (int) this.replies.stream().filter((reply) -> !reply.answered() && !reply.pending()).count();
	}

	/**
	 * Return how many replies are still awaited.
	 * @return the pending replies
	 */
	int pending() {
		return (int) this.replies.stream().filter(NodeReply::pending).count();
	}

	int count(Predicate<T> test) {
		return (int) this.replies.stream()
			.filter((reply) -> reply.answered() && reply.value() != null && test.test(reply.value()))
			.count();
	}

	/**
	 * Return the indexes of the nodes that answered and pass the given test, or whose
	 * answer is not known: they failed, or have not answered yet.
	 * @param test what an answer must pass
	 * @return the indexes
	 */
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

	/**
	 * Return why the nodes that did not answer did not, for a message.
	 * @return the failures, joined
	 */
	String failures() {
		return String.join("; ",
				this.replies.stream().filter((reply) -> !reply.answered()).map(NodeReply::failure).toList());
	}

}
