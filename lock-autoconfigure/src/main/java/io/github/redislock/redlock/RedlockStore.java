// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.util.Assert;

/**
 * A {@link LockStore} on a majority of independent Redis masters, the Redlock algorithm
 * of redis.io. Every operation asks all nodes at once, with the same owner token, and
 * waits for them only until a majority decided the outcome, never longer than the node
 * timeout: a node that is paused or slow costs nothing while the others decide.
 * <ul>
 * <li>An acquisition succeeds when a majority took the lock and the lease left after the
 * round trip and an allowance for clock drift is still positive; otherwise it is given
 * back on every node that took it or did not answer, or has not answered yet. A node that
 * takes the lock after a successful acquisition decided is part of the hold: it is
 * renewed and released with the others.</li>
 * <li>A renewal keeps the lock when a majority extended it; otherwise the lock is lost,
 * and the lock client says so.</li>
 * <li>A release finds the lock still the owner's when a majority had it.</li>
 * <li>Fewer than a majority of answers decides nothing: the operation fails with a
 * {@link LockStoreException}, and an acquisition does not run its caller's work.</li>
 * </ul>
 * Waiters are not queued, since no node can hand a lock over on behalf of the others:
 * they retry with the client's randomized backoff, woken early by the release
 * notification of any node.
 * <p>
 * A fencing token is the largest of those a majority of nodes issued, and every node is
 * then raised to it (see {@link #issueFencingToken}).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedlockStore implements LockStore, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(RedlockStore.class);

	/** Added to the drift allowance, for the resolution of the nodes' clocks. */
	private static final long DRIFT_MILLIS = 2;

	private final NodeCalls nodes;

	private final int quorum;

	private final double driftFactor;

	private final Duration nodeTimeout;

	private final AutoCloseable connections;

	/**
	 * Create a store on the given nodes.
	 * @param nodes a store on each node, an odd number of at least three
	 * @param nodeNames the nodes' names for messages, such as {@code host:port}
	 * @param nodeTimeout how long to wait for the nodes' replies to each operation
	 * @param driftFactor the share of a lease allowed for the drift between the clocks of
	 * the nodes and of this process, for example {@code 0.01}
	 */
	public RedlockStore(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout, double driftFactor) {
		this(nodes, nodeNames, nodeTimeout, driftFactor, () -> {
		});
	}

	/**
	 * Create a store on the given nodes that closes their connections when it closes.
	 * @param nodes a store on each node, an odd number of at least three
	 * @param nodeNames the nodes' names for messages, such as {@code host:port}
	 * @param nodeTimeout how long to wait for the nodes' replies to each operation
	 * @param driftFactor the share of a lease allowed for clock drift
	 * @param connections closed with the store
	 */
	RedlockStore(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout, double driftFactor,
			AutoCloseable connections) {
		Assert.isTrue(nodes.size() >= 3 && nodes.size() % 2 == 1,
				() -> "A Redlock needs an odd number of nodes, at least 3, not " + nodes.size());
		Assert.isTrue(nodeNames.size() == nodes.size(), "Need one name per node");
		Assert.isTrue(!nodeTimeout.isNegative() && !nodeTimeout.isZero(), "Node timeout must be positive");
		Assert.isTrue(driftFactor >= 0 && driftFactor < 1, "Drift factor must be at least 0 and less than 1");
		this.nodes = new NodeCalls(nodes, nodeNames, nodeTimeout);
		this.quorum = nodes.size() / 2 + 1;
		this.driftFactor = driftFactor;
		this.nodeTimeout = nodeTimeout;
		this.connections = connections;
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return tryAcquire(name, ownerToken, leaseTime, null, LockHolder.currentThread(null));
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return tryAcquire(name, ownerToken, leaseTime, queueing, LockHolder.currentThread(null));
	}

	/**
	 * The lease less the allowance for clock drift: the lock client counts a lease from
	 * before it asked, so the round trip is counted already, and what it holds to is the
	 * validity of the Redlock algorithm, whether the lease was just taken or extended.
	 */
	@Override
	public Duration leaseValidity(Duration leaseTime) {
		return Duration.ofMillis(Math.max(0, leaseTime.toMillis() - driftMillis(leaseTime)));
	}

	private long driftMillis(Duration leaseTime) {
		return (long) (leaseTime.toMillis() * this.driftFactor) + DRIFT_MILLIS;
	}

	/**
	 * Never: a queue on each node could hand the lock to different waiters.
	 */
	@Override
	public boolean queuesWaiters() {
		return false;
	}

	/**
	 * Take the lock on a majority, never queueing: a queue on each node could hand the
	 * lock to different waiters.
	 */
	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
			LockHolder holder) {
		long start = System.nanoTime();
		NodeReplies<AcquireResult> replies = this.nodes.callAsync(
				(node) -> node.tryAcquire(name, ownerToken, leaseTime, null, holder),
				(node) -> node.tryAcquire(name, ownerToken, leaseTime, null, holder),
				decidedBy(AcquireResult::acquired));
		long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		long validityMillis = leaseTime.toMillis() - elapsedMillis - driftMillis(leaseTime);
		int acquired = replies.count(AcquireResult::acquired);
		if (acquired >= this.quorum && validityMillis > 0) {
			return AcquireResult.ACQUIRED;
		}
		giveBack(name, ownerToken, replies);
		if (replies.answered() < this.quorum) {
			throw new LockStoreException(name,
					"Could not acquire lock '" + name + "': only " + replies.answered() + " of " + this.nodes.size()
							+ " Redlock nodes answered, " + this.quorum + " are needed (" + replies.failures() + ")");
		}
		// Taken on a majority too slowly: no holder's lease to wait for, so back off
		// fully.
		long remaining = replies.replies()
			.stream()
			.filter((reply) -> reply.answered() && reply.value() != null && !reply.value().acquired())
			.mapToLong((reply) -> reply.value().remainingLeaseMillis())
			.min()
			.orElse(leaseTime.toMillis());
		return AcquireResult.busy(remaining);
	}

	/**
	 * Release, without waiting, on every node that took the lock or may have: one that
	 * did not answer may have taken it all the same, and one that has not answered yet
	 * runs the release after the acquisition.
	 */
	private void giveBack(String name, String ownerToken, NodeReplies<AcquireResult> replies) {
		List<Integer> toGiveBack = replies.passingOrUnknown(AcquireResult::acquired);
		List<CompletableFuture<Boolean>> released = this.nodes.send(toGiveBack,
				(node) -> node.release(name, ownerToken), (node) -> node.release(name, ownerToken));
		for (int i = 0; i < released.size(); i++) {
			String node = this.nodes.nodeName(toGiveBack.get(i));
			released.get(i)
				.orTimeout(this.nodeTimeout.toMillis(), TimeUnit.MILLISECONDS)
				.whenComplete((answer, failure) -> {
					if (failure != null) {
						logger.debug("Could not give back lock '{}' on Redlock node {}, where it runs out by itself",
								name, node, failure);
					}
				});
		}
	}

	/**
	 * Decide a majority call as soon as its outcome is known: a majority answered yes; or
	 * a majority answered, and too many said no or failed for a majority to say yes; or
	 * too many failed for a majority to answer at all.
	 */
	private <T> Predicate<NodeReplies<T>> decidedBy(Predicate<T> yes) {
		return (replies) -> decided(replies.count(yes), replies.count(yes.negate()), replies.failed());
	}

	private boolean decided(int yes, int no, int failed) {
		int most = this.nodes.size() - this.quorum;
		return yes >= this.quorum || failed > most || (yes + no >= this.quorum && no + failed > most);
	}

	/**
	 * Issue the largest of the tokens a majority of nodes issue, then raise every node's
	 * last token to it. Two holders of a name one after the other get growing tokens: the
	 * second one's majority shares a node with the majority the first one's token was
	 * raised on, and that node issues the second one a larger token. What this does not
	 * cover: a node that restarts empty forgets its last token (fence.lua then falls back
	 * on the node's clock), and a node's last token is kept a minute after it was issued
	 * or raised, or the lease if longer; after that, tokens follow the nodes' clocks.
	 * @return the token, or {@code 0} if a majority no longer records this owner
	 */
	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		NodeReplies<Long> issued = this.nodes.callAsync((node) -> node.issueFencingToken(name, ownerToken, leaseTime),
				(node) -> node.issueFencingToken(name, ownerToken, leaseTime), decidedBy((token) -> token > 0));
		requireQuorum(name, issued, "issue a fencing token for lock '" + name + "'");
		if (issued.count((token) -> token > 0) < this.quorum) {
			return 0;
		}
		long token = issued.replies()
			.stream()
			.filter((reply) -> reply.answered() && reply.value() != null)
			.mapToLong((reply) -> reply.value())
			.max()
			.orElse(0);
		NodeReplies<Boolean> raised = this.nodes.call((node) -> {
			node.raiseFencingToken(name, token, leaseTime);
			return Boolean.TRUE;
		}, decidedBy(Boolean::booleanValue));
		requireQuorum(name, raised, "record fencing token " + token + " of lock '" + name + "'");
		return token;
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		NodeReplies<Boolean> renewed = this.nodes.callAsync((node) -> node.renew(name, ownerToken, leaseTime),
				(node) -> node.renew(name, ownerToken, leaseTime), decidedBy(Boolean::booleanValue));
		if (renewed.count(Boolean::booleanValue) >= this.quorum) {
			return true;
		}
		requireQuorum(name, renewed, "extend the lease of lock '" + name + "'");
		return false;
	}

	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		if (renewals.isEmpty()) {
			// No node needs to answer, so no quorum could ever be reached.
			return List.of();
		}
		NodeReplies<List<Boolean>> renewed = this.nodes.callInOrder((node) -> renewAll(node, renewals),
				(node) -> node.renewAll(renewals),
				(replies) -> IntStream.range(0, renewals.size()).allMatch((index) -> {
					int yes = replies.count((list) -> list.get(index));
					return decided(yes, replies.answered() - yes, replies.failed());
				}));
		requireQuorum(renewals.stream().map(LeaseRenewal::name).collect(Collectors.joining(", ")), renewed,
				"extend " + renewals.size() + " leases");
		List<Boolean> results = new ArrayList<>(renewals.size());
		for (int i = 0; i < renewals.size(); i++) {
			int index = i;
			results.add(renewed.count((list) -> list.get(index)) >= this.quorum);
		}
		return results;
	}

	/**
	 * Renew on a node's asynchronous connection, after what was sent on it before: a late
	 * acquisition runs first, so its lease is extended too.
	 */
	private CompletableFuture<List<Boolean>> renewAll(RedisLockStore node, List<LeaseRenewal> renewals) {
		List<CompletableFuture<Boolean>> replies = node.renewAllAsync(renewals, this.nodeTimeout);
		return CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new))
			.thenApply((done) -> replies.stream().map(CompletableFuture::join).toList());
	}

	/**
	 * Release on every node, waiting until the outcome is known: a node that has not
	 * answered yet runs the release all the same.
	 * @return {@code true} if a majority still recorded the owner; {@code false} if too
	 * few did for the nodes that did not answer to make a majority with them
	 * @throws LockStoreException if the nodes that did not answer decide it
	 */
	@Override
	public boolean release(String name, String ownerToken) {
		int most = this.nodes.size() - this.quorum;
		NodeReplies<Boolean> released = this.nodes.callAsync((node) -> node.release(name, ownerToken),
				(node) -> node.release(name, ownerToken), (replies) -> {
					int yes = replies.count(Boolean::booleanValue);
					int no = replies.count((held) -> !held);
					int pending = replies.pending();
					// Held on a majority, not held on too many, or neither can be told.
					return yes >= this.quorum || no > most || (yes + pending < this.quorum && no + pending <= most);
				});
		int held = released.count(Boolean::booleanValue);
		if (held >= this.quorum) {
			return true;
		}
		int unknown = this.nodes.size() - released.answered();
		if (held + unknown < this.quorum) {
			return false;
		}
		throw new LockStoreException(name,
				"Released lock '" + name + "' on " + held + " of " + this.nodes.size()
						+ " Redlock nodes, and cannot tell whether it was still held on " + this.quorum + ": "
						+ released.failures());
	}

	@Override
	public boolean forceRelease(String name) {
		NodeReplies<Boolean> released = this.nodes.callAsync((node) -> node.forceRelease(name),
				(node) -> node.forceRelease(name), (replies) -> false);
		if (released.answered() == 0) {
			throw new LockStoreException(name,
					"Could not force the release of lock '" + name + "' on any Redlock node: " + released.failures());
		}
		return released.count(Boolean::booleanValue) > 0;
	}

	/**
	 * Listen on every node that can be reached: a release on any of them may free the
	 * lock.
	 */
	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		ReleaseListener anyNode = (handOff) -> listener.released(null);
		NodeReplies<AutoCloseable> subscriptions = this.nodes.call((node) -> node.subscribe(name, anyNode),
				(replies) -> false);
		List<AutoCloseable> open = subscriptions.replies()
			.stream()
			.filter((reply) -> reply.answered() && reply.value() != null)
			.map(NodeReply::value)
			.toList();
		if (open.isEmpty()) {
			throw new LockStoreException(name, "Could not listen for releases of lock '" + name
					+ "' on any Redlock node: " + subscriptions.failures());
		}
		return () -> {
			for (AutoCloseable subscription : open) {
				subscription.close();
			}
		};
	}

	private void requireQuorum(String name, NodeReplies<?> replies, String what) {
		if (replies.answered() < this.quorum) {
			throw new LockStoreException(name,
					"Could not " + what + ": only " + replies.answered() + " of " + this.nodes.size()
							+ " Redlock nodes answered, " + this.quorum + " are needed (" + replies.failures() + ")");
		}
	}

	@Override
	public void close() {
		this.nodes.close();
		try {
			this.connections.close();
		}
		catch (Exception ex) {
			logger.debug("Could not close the connections of the Redlock nodes", ex);
		}
	}

}
