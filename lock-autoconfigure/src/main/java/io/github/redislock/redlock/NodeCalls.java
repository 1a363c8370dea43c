/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.redislock.redis.RedisLockStore;
import org.jspecify.annotations.Nullable;

/**
 * Calls every node of a Redlock at once and waits for their replies no longer than the
 * node timeout: a node that is down or paused must cost an attempt that long at most, not
 * the connection's command timeout.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class NodeCalls implements AutoCloseable {

	private final List<RedisLockStore> nodes;

	private final List<String> nodeNames;

	private final Duration timeout;

	private final ExecutorService executor;

	NodeCalls(List<RedisLockStore> nodes, List<String> nodeNames, Duration timeout) {
		this.nodes = List.copyOf(nodes);
		this.nodeNames = List.copyOf(nodeNames);
		this.timeout = timeout;
		this.executor = Executors.newCachedThreadPool(new NodeThreads());
	}

	int size() {
		return this.nodes.size();
	}

	/**
	 * Call every node, and wait for the replies until the node timeout.
	 * @param <T> the reply type
	 * @param call what to ask each node
	 * @return the replies, in node order
	 * @throws IllegalStateException if the calling thread was interrupted, with its
	 * interrupt flag set again
	 */
	<T> Replies<T> call(Function<RedisLockStore, T> call) {
		List<CompletableFuture<T>> futures = new ArrayList<>(this.nodes.size());
		for (RedisLockStore node : this.nodes) {
			futures.add(CompletableFuture.supplyAsync(() -> call.apply(node), this.executor));
		}
		long deadline = System.nanoTime() + this.timeout.toNanos();
		List<Reply<T>> replies = new ArrayList<>(futures.size());
		for (int i = 0; i < futures.size(); i++) {
			replies.add(await(futures.get(i), deadline, this.nodeNames.get(i)));
		}
		return new Replies<>(replies, this.timeout);
	}

	private <T> Reply<T> await(CompletableFuture<T> future, long deadline, String node) {
		try {
			return Reply.of(future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
		}
		catch (TimeoutException ex) {
			return Reply.failed(node + " did not answer within " + this.timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			return Reply.failed(node + " failed: " + cause.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for Redlock node " + node, ex);
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

	/**
	 * One node's reply: a value, or why there is none.
	 *
	 * @param <T> the reply type
	 * @param value the value, if the node answered
	 * @param failure why the node did not answer, if it did not
	 */
	record Reply<T>(@Nullable T value, @Nullable String failure) {

		static <T> Reply<T> of(T value) {
			return new Reply<>(value, null);
		}

		static <T> Reply<T> failed(String failure) {
			return new Reply<>(null, failure);
		}

		boolean answered() {
			return this.failure == null;
		}

	}

	/**
	 * The replies of every node to one call.
	 *
	 * @param <T> the reply type
	 * @param replies in node order
	 * @param timeout how long the nodes had
	 */
	record Replies<T>(List<Reply<T>> replies, Duration timeout) {

		int answered() {
			return (int) this.replies.stream().filter(Reply::answered).count();
		}

		int count(Predicate<T> test) {
			return (int) this.replies.stream()
				.filter((reply) -> reply.answered() && reply.value() != null && test.test(reply.value()))
				.count();
		}

		/**
		 * Return why the nodes that did not answer did not, for a message.
		 * @return the failures, joined
		 */
		String failures() {
			return String.join("; ",
					this.replies.stream().filter((reply) -> !reply.answered()).map(Reply::failure).toList());
		}

	}

	private static final class NodeThreads implements ThreadFactory {

		private static final AtomicInteger count = new AtomicInteger();

		@Override
		public Thread newThread(Runnable task) {
			Thread thread = new Thread(task, "redis-lock-redlock-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		}

	}

}
