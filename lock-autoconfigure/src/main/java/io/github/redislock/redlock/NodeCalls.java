// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.redislock.redis.RedisLockStore;

import org.springframework.core.NestedExceptionUtils;

/**
 * Calls every Redlock node at once and waits only until the replies decide the outcome,
 * never longer than the node timeout, so that a node that is down or paused costs nothing
 * once the others decided.
 *
 * @author redis-lock contributors
 */
final class NodeCalls implements AutoCloseable {

	private final List<RedisLockStore> nodes;

	private final List<String> nodeNames;

	private final Duration timeout;

	private final ExecutorService executor;

	/** Whether a node's asynchronous connection answered: until then, calls may block. */
	private final AtomicReferenceArray<Boolean> connected;

	/**
	 * Each node's last call sent from this class's threads; guarded by {@link #sending}.
	 */
	private final CompletableFuture<?>[] lastSent;

	private final ReentrantLock[] sending;

	NodeCalls(List<RedisLockStore> nodes, List<String> nodeNames, Duration timeout) {
		this.nodes = List.copyOf(nodes);
		this.nodeNames = List.copyOf(nodeNames);
		this.timeout = timeout;
		this.executor = Executors.newCachedThreadPool(new NodeThreads());
		this.connected = new AtomicReferenceArray<>(nodes.size());
		this.lastSent = new CompletableFuture<?>[nodes.size()];
		this.sending = new ReentrantLock[nodes.size()];
		for (int i = 0; i < nodes.size(); i++) {
			this.lastSent[i] = CompletableFuture.completedFuture(null);
			this.sending[i] = new ReentrantLock();
		}
	}

	int size() {
		return this.nodes.size();
	}

	/**
	 * Calls every node with a blocking call on a thread of its own, until the replies
	 * decide or the node timeout passes; an interrupt throws
	 * {@link IllegalStateException} with the flag set again.
	 */
	<T> NodeReplies<T> call(Function<RedisLockStore, T> call, Predicate<NodeReplies<T>> decided) {
		List<CompletableFuture<T>> futures = new ArrayList<>(this.nodes.size());
		for (RedisLockStore node : this.nodes) {
			futures.add(blocking(node, call));
		}
		return await(futures, decided);
	}

	/**
	 * As {@link #call}, but in order on each node's asynchronous connection where it has
	 * one ({@code async}); {@code call} serves a node without.
	 */
	<T> NodeReplies<T> callInOrder(Function<RedisLockStore, CompletionStage<T>> ordered,
			Function<RedisLockStore, T> call, Predicate<NodeReplies<T>> decided) {
		List<CompletableFuture<T>> futures = new ArrayList<>(this.nodes.size());
		for (int i = 0; i < this.nodes.size(); i++) {
			futures.add(send(i, ordered, call));
		}
		return await(futures, decided);
	}

	/** Sends a call to the nodes, in order with their other calls, without waiting. */
	<T> List<CompletableFuture<T>> send(List<Integer> nodes, Function<RedisLockStore, CompletionStage<T>> async,
			Function<RedisLockStore, T> call) {
		List<CompletableFuture<T>> futures = new ArrayList<>(nodes.size());
		for (int index : nodes) {
			futures.add(send(index, async, call));
		}
		return futures;
	}

	String nodeName(int index) {
		return this.nodeNames.get(index);
	}

	/**
	 * On the node's one asynchronous connection, which Redis answers in order: a release
	 * sent after an unanswered acquisition gives back what it may grant. Until that
	 * connection first answered, connecting may block, so calls go from this class's
	 * threads, one after another.
	 */
	private <T> CompletableFuture<T> send(int index, Function<RedisLockStore, CompletionStage<T>> ordered,
			Function<RedisLockStore, T> call) {
		RedisLockStore node = this.nodes.get(index);
		if (!node.isNonBlocking()) {
			return blocking(node, call);
		}
		ReentrantLock sending = this.sending[index];
		sending.lock();
		try {
			CompletableFuture<?> previous = this.lastSent[index];
			if (this.connected.get(index) != null && previous.isDone()) {
				return dispatch(ordered, node);
			}
			CompletableFuture<CompletableFuture<T>> sent;
			try {
				sent = previous.handleAsync((unused, failure) -> dispatch(ordered, node), this.executor);
			}
			catch (RejectedExecutionException ex) {
				return CompletableFuture.failedFuture(ex);
			}
			this.lastSent[index] = sent;
			return sent.thenCompose(Function.identity()).whenComplete((value, failure) -> {
				if (failure == null) {
					this.connected.set(index, Boolean.TRUE);
				}
			});
		}
		finally {
			sending.unlock();
		}
	}

	private static <T> CompletableFuture<T> dispatch(Function<RedisLockStore, CompletionStage<T>> ordered,
			RedisLockStore node) {
		try {
			return ordered.apply(node).toCompletableFuture();
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	private <T> CompletableFuture<T> blocking(RedisLockStore node, Function<RedisLockStore, T> call) {
		try {
			return CompletableFuture.supplyAsync(() -> call.apply(node), this.executor);
		}
		catch (RejectedExecutionException ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	private <T> NodeReplies<T> await(List<CompletableFuture<T>> futures, Predicate<NodeReplies<T>> decided) {
		CompletableFuture<Void> decision = new CompletableFuture<>();
		Runnable check = () -> {
			if (!decision.isDone()) {
				NodeReplies<T> sofar = replies(futures, false);
				if (sofar.pending() == 0 || decided.test(sofar)) {
					decision.complete(null);
				}
			}
		};
		for (CompletableFuture<T> future : futures) {
			future.whenComplete((value, failure) -> check.run());
		}
		try {
			decision.get(this.timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			return replies(futures, true);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("Could not tell whether the Redlock nodes' replies decide", ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the Redlock nodes", ex);
		}
		return replies(futures, false);
	}

	private <T> NodeReplies<T> replies(List<CompletableFuture<T>> futures, boolean timedOut) {
		List<NodeReply<T>> replies = new ArrayList<>(futures.size());
		for (int i = 0; i < futures.size(); i++) {
			replies.add(reply(futures.get(i), this.nodeNames.get(i), timedOut));
		}
		return new NodeReplies<>(replies, futures, this.timeout);
	}

	private <T> NodeReply<T> reply(CompletableFuture<T> future, String node, boolean timedOut) {
		if (!future.isDone()) {
			return NodeReply.pending(node + (timedOut ? " did not answer within " + this.timeout.toMillis() + " ms"
					: " had not answered when the others decided"));
		}
		try {
			return NodeReply.of(future.getNow(null));
		}
		catch (CompletionException | CancellationException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			return NodeReply.failed(node + " failed: " + NestedExceptionUtils.getMostSpecificCause(cause).getMessage());
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
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
