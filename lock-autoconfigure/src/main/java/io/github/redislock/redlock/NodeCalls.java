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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redlock.NodeReplies.NodeReply;

import org.springframework.core.NestedExceptionUtils;

/**
 * Calls every Redlock node at once and decides from the replies as they come, on the
 * thread of the reply that decides or of a timer at the node timeout: no thread waits,
 * and a node that is down or paused costs nothing once the others decided.
 *
 * @author redis-lock contributors
 */
final class NodeCalls implements AutoCloseable {

	/** Numbers the threads of every Redlock. */
	private static final AtomicInteger threadCount = new AtomicInteger();

	private final List<RedisLockStore> nodes;

	private final List<String> nodeNames;

	private final Duration timeout;

	/** Ends each call at the node timeout. */
	private final ScheduledExecutorService timer;

	/**
	 * Runs the calls that may block: those of a node without non-blocking calls, and
	 * those sent before a node's connection first answered.
	 */
	private final ExecutorService executor;

	/**
	 * Whether a node's asynchronous connection answered: until then, sending may block.
	 */
	private final AtomicReferenceArray<Boolean> connected;

	/**
	 * Each node's last call sent from {@link #executor}: a later call is sent after it,
	 * so that a release never overtakes the acquisition it gives back.
	 */
	private final AtomicReferenceArray<CompletableFuture<?>> lastSent;

	NodeCalls(List<RedisLockStore> nodes, List<String> nodeNames, Duration timeout) {
		this(nodes, nodeNames, timeout, timer(),
				Executors.newCachedThreadPool(daemons(() -> "redis-lock-redlock-" + threadCount.incrementAndGet())));
	}

	/** On the given timer and threads, which close with the calls: a simulation's. */
	NodeCalls(List<RedisLockStore> nodes, List<String> nodeNames, Duration timeout, ScheduledExecutorService timer,
			ExecutorService executor) {
		this.nodes = List.copyOf(nodes);
		this.nodeNames = List.copyOf(nodeNames);
		this.timeout = timeout;
		this.timer = timer;
		this.executor = executor;
		this.connected = new AtomicReferenceArray<>(nodes.size());
		this.lastSent = new AtomicReferenceArray<>(nodes.size());
		for (int i = 0; i < nodes.size(); i++) {
			this.lastSent.set(i, CompletableFuture.completedFuture(null));
		}
	}

	private static ScheduledExecutorService timer() {
		ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
				daemons(() -> "redis-lock-redlock-timer"));
		timer.setRemoveOnCancelPolicy(true);
		return timer;
	}

	private static ThreadFactory daemons(Supplier<String> names) {
		return (task) -> {
			Thread thread = new Thread(task, names.get());
			thread.setDaemon(true);
			return thread;
		};
	}

	int size() {
		return this.nodes.size();
	}

	/** Whether every node's asynchronous calls return before it answers. */
	boolean nonBlocking() {
		return this.nodes.stream().allMatch(RedisLockStore::isNonBlocking);
	}

	/** The replies of every node as soon as they decide, or at the node timeout. */
	<T> CompletableFuture<NodeReplies<T>> callInOrder(Function<RedisLockStore, CompletionStage<T>> ordered,
			Function<RedisLockStore, T> call, Predicate<NodeReplies<T>> decided) {
		List<CompletableFuture<T>> futures = new ArrayList<>(this.nodes.size());
		for (int i = 0; i < this.nodes.size(); i++) {
			futures.add(send(i, ordered, call));
		}
		return decide(futures, decided);
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

	/**
	 * Completes once every future did, or after {@code nanos}, whichever is first; never
	 * exceptionally.
	 */
	CompletableFuture<Void> within(List<? extends CompletableFuture<?>> futures, long nanos) {
		CompletableFuture<Void> done = new CompletableFuture<>();
		if (futures.isEmpty()) {
			done.complete(null);
			return done;
		}
		ScheduledFuture<?> over = schedule(() -> done.complete(null), nanos);
		if (over == null) {
			// Closed: nothing waits for late replies.
			done.complete(null);
			return done;
		}
		CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).whenComplete((unused, failure) -> {
			done.complete(null);
			over.cancel(false);
		});
		return done;
	}

	String nodeName(int index) {
		return this.nodeNames.get(index);
	}

	/**
	 * On the node's one asynchronous connection, which Redis answers in order, so a
	 * release gives back what an unanswered acquisition may grant. Until it first
	 * answered, connecting may block: calls go from this class's threads, each after the
	 * one before.
	 */
	private <T> CompletableFuture<T> send(int index, Function<RedisLockStore, CompletionStage<T>> ordered,
			Function<RedisLockStore, T> call) {
		RedisLockStore node = this.nodes.get(index);
		if (!node.isNonBlocking()) {
			return blocking(node, call);
		}
		if (this.connected.get(index) != null && this.lastSent.get(index).isDone()) {
			return dispatch(ordered, node);
		}
		CompletableFuture<CompletableFuture<T>> sent = new CompletableFuture<>();
		CompletableFuture<?> previous = this.lastSent.getAndSet(index, sent);
		// Fails only if the executor refuses the call: closed.
		previous.whenCompleteAsync((unused, failure) -> sent.complete(dispatch(ordered, node)), this.executor)
			.whenComplete((unused, refused) -> {
				if (refused != null) {
					sent.complete(CompletableFuture.failedFuture(refused));
				}
			});
		return sent.thenCompose(Function.identity()).whenComplete((value, failure) -> {
			if (failure == null) {
				this.connected.set(index, Boolean.TRUE);
			}
		});
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

	/** The replies once they decide, every node answered, or the node timeout passed. */
	private <T> CompletableFuture<NodeReplies<T>> decide(List<CompletableFuture<T>> futures,
			Predicate<NodeReplies<T>> decided) {
		CompletableFuture<NodeReplies<T>> decision = new CompletableFuture<>();
		ScheduledFuture<?> timedOut = schedule(() -> decision.complete(replies(futures, true)), this.timeout.toNanos());
		if (timedOut == null) {
			decision.completeExceptionally(new RejectedExecutionException("The Redlock is closed"));
			return decision;
		}
		Runnable check = () -> {
			if (!decision.isDone()) {
				NodeReplies<T> sofar = replies(futures, false);
				if ((sofar.pending() == 0 || decided.test(sofar)) && decision.complete(sofar)) {
					timedOut.cancel(false);
				}
			}
		};
		for (CompletableFuture<T> future : futures) {
			future.whenComplete((value, failure) -> check.run());
		}
		return decision;
	}

	/** {@code null} once closed. */
	private ScheduledFuture<?> schedule(Runnable task, long nanos) {
		try {
			return this.timer.schedule(task, nanos, TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			return null;
		}
	}

	private <T> NodeReplies<T> replies(List<CompletableFuture<T>> futures, boolean timedOut) {
		List<NodeReply<T>> replies = new ArrayList<>(futures.size());
		for (int i = 0; i < futures.size(); i++) {
			replies.add(reply(futures.get(i), this.nodeNames.get(i), timedOut));
		}
		return new NodeReplies<>(replies, futures);
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

	/**
	 * Calls still awaiting their node are decided as the node timeout would decide them,
	 * so that no caller waits on a closed Redlock.
	 */
	@Override
	public void close() {
		for (Runnable pending : this.timer.shutdownNow()) {
			pending.run();
		}
		this.executor.shutdownNow();
	}

}
