// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redlock.NodeReplies.NodeReply;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.util.Assert;

/**
 * A {@link LockStore} on a majority of independent Redis masters: the Redlock algorithm
 * of redis.io. Each operation asks all nodes at once, with the same owner token, and is
 * decided as soon as the replies decide, never later than the node timeout. The
 * asynchronous calls take no thread meanwhile ({@link #isNonBlocking()}, when every
 * node's store is non-blocking); the blocking calls wait on them.
 * <ul>
 * <li>An acquisition succeeds when a majority took the lock and some lease is left after
 * the round trip and the clock-drift allowance; otherwise it is given back on every node
 * that took it or has not answered. A node that takes the lock late is renewed and
 * released with the others.</li>
 * <li>A renewal keeps the lock when a majority extended it; a release finds the lock
 * still the owner's when a majority had it.</li>
 * <li>Fewer than a majority of answers decides nothing: the operation fails with a
 * {@link LockStoreException}.</li>
 * </ul>
 * Waiters never queue, since no node can hand a lock over for the others.
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

	private final List<RedisLockStore> stores;

	private final @Nullable RedlockConnections connections;

	private final boolean nonBlocking;

	/** The monotonic clock that times each round of calls. */
	private final LongSupplier nanoClock;

	/**
	 * Create a store on the given nodes.
	 * @param nodes a store on each node, an odd number of at least three
	 * @param nodeNames the nodes' names for messages, such as {@code host:port}
	 * @param nodeTimeout how long to wait for the nodes' replies to each operation
	 * @param driftFactor the share of a lease allowed for the drift between the clocks of
	 * the nodes and of this process, at least 0 and under 0.5, for example {@code 0.01}
	 * @throws IllegalArgumentException if an argument is {@code null} or out of range
	 */
	public RedlockStore(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout, double driftFactor) {
		this(nodes, nodeNames, nodeTimeout, driftFactor, null, null);
	}

	/**
	 * Connect to the given Redis masters, each through a Lettuce connection of its own
	 * whose command timeout is the node timeout, and return a Redlock on them that closes
	 * those connections when it closes.
	 * @param nodeUrls the masters' URLs, as Lettuce's {@code RedisURI} reads them:
	 * {@code redis://[[user]:password@]host[:port][/database]}, or {@code rediss://} for
	 * TLS; an odd number of at least three
	 * @param keyPrefix prepended to every key
	 * @param nodeTimeout how long to wait for the nodes' replies to each operation
	 * @param driftFactor the share of a lease allowed for the drift between the clocks of
	 * the nodes and of this process, at least 0 and under 0.5, for example {@code 0.01}
	 * @return the store
	 * @throws IllegalArgumentException if an argument is {@code null} or out of range,
	 * before any connection is opened
	 */
	public static RedlockStore connect(List<String> nodeUrls, String keyPrefix, Duration nodeTimeout,
			double driftFactor) {
		return connect(nodeUrls, keyPrefix, nodeTimeout, driftFactor, (client) -> {
		});
	}

	/**
	 * Connect to the given Redis masters as
	 * {@link #connect(List, String, Duration, double)} does, customizing each node's
	 * Lettuce client configuration (client resources, client name, SSL, socket options)
	 * after its URL's settings. The command timeout stays the node timeout, and a
	 * disconnected node still rejects commands. Client resources given here are shared:
	 * closing the store does not shut them down.
	 * @param nodeUrls the masters' URLs, as Lettuce's {@code RedisURI} reads them:
	 * {@code redis://[[user]:password@]host[:port][/database]}, or {@code rediss://} for
	 * TLS; an odd number of at least three
	 * @param keyPrefix prepended to every key
	 * @param nodeTimeout how long to wait for the nodes' replies to each operation
	 * @param driftFactor the share of a lease allowed for the drift between the clocks of
	 * the nodes and of this process, at least 0 and under 0.5, for example {@code 0.01}
	 * @param clientConfiguration applied to each node's client configuration builder
	 * @return the store
	 * @throws IllegalArgumentException if an argument is {@code null} or out of range,
	 * before any connection is opened
	 */
	public static RedlockStore connect(List<String> nodeUrls, String keyPrefix, Duration nodeTimeout,
			double driftFactor, Consumer<LettuceClientConfigurationBuilder> clientConfiguration) {
		Assert.notNull(nodeUrls, "Redlock node URLs must not be null");
		Assert.noNullElements(nodeUrls, "Redlock node URLs must not contain null");
		Assert.notNull(keyPrefix, "Key prefix must not be null");
		Assert.notNull(clientConfiguration, "Client configuration must not be null");
		check(nodeUrls.size(), nodeTimeout, driftFactor);
		checkNodeUrls(nodeUrls);
		List<RedlockNode> nodes = nodeUrls.stream().map(RedlockNode::parse).toList();
		return RedlockConnections.connect(nodes, keyPrefix, nodeTimeout, clientConfiguration)
			.store(nodeTimeout, driftFactor);
	}

	/**
	 * Check Redlock node URLs as {@link #connect} reads them, without connecting.
	 * @param nodeUrls the masters' URLs
	 * @throws IllegalArgumentException naming the first URL that cannot be read, or that
	 * names a server already listed (two databases of one server are not independent
	 * masters); passwords are left out of the message
	 */
	public static void checkNodeUrls(List<String> nodeUrls) {
		Set<String> servers = new HashSet<>();
		for (String url : nodeUrls) {
			RedlockNode node = RedlockNode.parse(url);
			Assert.isTrue(servers.add(node.server()),
					() -> "'" + RedlockNode.masked(url) + "' names a server already listed, " + node.server()
							+ ": the nodes of a Redlock must be independent masters");
		}
	}

	/**
	 * On the given clock, timer and threads: a simulation's, which drives them on one
	 * thread.
	 */
	RedlockStore(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout, double driftFactor,
			LongSupplier nanoClock, ScheduledExecutorService timer, ExecutorService executor) {
		this(nodes, nodeNames, nodeTimeout, driftFactor, null, new NodeRuntime(nanoClock, timer, executor));
	}

	/** Closes {@code connections} with the store. */
	RedlockStore(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout, double driftFactor,
			@Nullable RedlockConnections connections, @Nullable NodeRuntime runtime) {
		Assert.notNull(nodes, "Redlock nodes must not be null");
		Assert.notNull(nodeNames, "Redlock node names must not be null");
		check(nodes.size(), nodeTimeout, driftFactor);
		Assert.isTrue(nodeNames.size() == nodes.size(), "Need one name per node");
		this.nodes = (runtime != null)
				? new NodeCalls(nodes, nodeNames, nodeTimeout, runtime.timer(), runtime.executor())
				: new NodeCalls(nodes, nodeNames, nodeTimeout);
		this.nanoClock = (runtime != null) ? runtime.nanoClock() : System::nanoTime;
		this.quorum = nodes.size() / 2 + 1;
		this.driftFactor = driftFactor;
		this.nodeTimeout = nodeTimeout;
		this.stores = List.copyOf(nodes);
		this.connections = connections;
		this.nonBlocking = this.nodes.nonBlocking();
	}

	/** The bounds the Redlock properties check too. */
	private static void check(int nodes, @Nullable Duration nodeTimeout, double driftFactor) {
		Assert.isTrue(nodes >= 3 && nodes % 2 == 1,
				() -> "A Redlock needs an odd number of nodes, at least 3, not " + nodes);
		Assert.notNull(nodeTimeout, "Redlock node timeout must not be null");
		Assert.isTrue(!nodeTimeout.isNegative() && !nodeTimeout.isZero(),
				() -> "Redlock node timeout must be positive, was " + nodeTimeout);
		Assert.isTrue(driftFactor >= 0 && driftFactor < 0.5,
				() -> "Redlock drift factor must be at least 0 and less than 0.5, was " + driftFactor);
	}

	/**
	 * The lease less the clock-drift allowance. The lock client counts a lease from
	 * before it asked, so the round trip is already counted.
	 */
	@Override
	public Duration leaseValidity(Duration leaseTime) {
		return Duration.ofMillis(Math.max(0, leaseTime.toMillis() - driftMillis(leaseTime)));
	}

	private long driftMillis(Duration leaseTime) {
		return (long) (leaseTime.toMillis() * this.driftFactor) + DRIFT_MILLIS;
	}

	/** Never: a queue on each node could hand the lock to different waiters. */
	@Override
	public boolean queuesWaiters() {
		return false;
	}

	/** When every node's store is: then no call takes a thread while it waits. */
	@Override
	public boolean isNonBlocking() {
		return this.nonBlocking;
	}

	/** Ignores {@code queueing}; see {@link #queuesWaiters}. */
	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder) {
		LockStore.checkOwnerToken(name, ownerToken);
		long start = this.nanoClock.getAsLong();
		return this.nodes
			.callInOrder((node) -> node.tryAcquireAsync(name, ownerToken, leaseTime, null, holder),
					(node) -> node.tryAcquire(name, ownerToken, leaseTime, null, holder),
					decidedBy(AcquireResult::acquired))
			.thenApply((replies) -> acquired(name, ownerToken, leaseTime, start, replies));
	}

	private AcquireResult acquired(String name, String ownerToken, Duration leaseTime, long start,
			NodeReplies<AcquireResult> replies) {
		long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(this.nanoClock.getAsLong() - start);
		long validityMillis = leaseTime.toMillis() - elapsedMillis - driftMillis(leaseTime);
		int acquired = replies.count(AcquireResult::acquired);
		if (acquired >= this.quorum && validityMillis > 0) {
			return AcquireResult.ACQUIRED;
		}
		giveBack(name, ownerToken, replies);
		requireQuorum(name, replies, "acquire lock '" + name + "'");
		// The shortest lease left on a node that refused; the whole lease if none did.
		long remaining = replies.replies()
			.stream()
			.filter((reply) -> reply.answered() && reply.value() != null && !reply.value().acquired())
			.mapToLong((reply) -> reply.value().remainingLeaseMillis())
			.min()
			.orElse(leaseTime.toMillis());
		return AcquireResult.busy(remaining);
	}

	/**
	 * Release, without waiting, on every node that took the lock or may have (failed or
	 * pending): a pending node runs the release after the acquisition.
	 */
	private void giveBack(String name, String ownerToken, NodeReplies<AcquireResult> replies) {
		List<Integer> toGiveBack = replies.passingOrUnknown(AcquireResult::acquired);
		// Not remembered as released: a later release under this token must find a lock
		// it no longer holds lost. The lock client asks again under a new token, as a
		// give-back can run late (after NOSCRIPT, its source is sent after later calls).
		List<CompletableFuture<Boolean>> released = this.nodes.send(toGiveBack,
				(node) -> node.giveBackAsync(name, ownerToken), (node) -> node.giveBack(name, ownerToken));
		for (int i = 0; i < released.size(); i++) {
			String node = this.nodes.nodeName(toGiveBack.get(i));
			released.get(i).whenComplete((answer, failure) -> {
				if (failure != null) {
					logger.debug("Could not give back lock '{}' on Redlock node {}, where it runs out by itself", name,
							node, failure);
				}
			});
		}
	}

	/**
	 * Decided once a majority said yes; or a majority answered and too many said no or
	 * failed for a majority yes; or too many failed for a majority to answer at all.
	 */
	private <T> Predicate<NodeReplies<T>> decidedBy(Predicate<T> yes) {
		return (replies) -> decided(replies.count(yes), replies.count(yes.negate()), replies.failed());
	}

	private boolean decided(int yes, int no, int failed) {
		int most = this.nodes.size() - this.quorum;
		return yes >= this.quorum || failed > most || (yes + no >= this.quorum && no + failed > most);
	}

	/**
	 * The largest token issued, lifted above the last token of every node that answered
	 * without holding the lock, and counted once a majority recorded it, so each later
	 * majority shares a node with it. A node restarted empty forgets its counter; the
	 * other nodes of the earlier majority then keep the order.
	 */
	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		long started = this.nanoClock.getAsLong();
		return this.nodes
			.callInOrder((node) -> node.issueFencingTokenAsync(name, ownerToken, leaseTime),
					(node) -> node.issueFencingToken(name, ownerToken, leaseTime), decidedBy((token) -> token > 0))
			.thenCompose((issued) -> {
				if (!held(name, issued, (token) -> token > 0, "issue a fencing token for lock '" + name + "'")) {
					return CompletableFuture.completedFuture(0L);
				}
				return withLateReplies(issued, this.nanoClock.getAsLong() - started)
					.thenCompose((replies) -> recordToken(name, ownerToken, replies));
			});
	}

	/**
	 * Every node's answer, {@code null} for none, also of those that answer within a
	 * short grace after a majority decided: twice what the majority took, at least 10 ms,
	 * so that a paused node holds up no token for long. A late token may be the largest,
	 * and a late {@code 0} names a node that may hold a later majority's last token.
	 */
	private CompletableFuture<List<@Nullable Long>> withLateReplies(NodeReplies<Long> issued, long roundNanos) {
		long grace = Math.min(Math.max(TimeUnit.MILLISECONDS.toNanos(10), 2 * roundNanos), this.nodeTimeout.toNanos());
		List<CompletableFuture<Long>> late = new ArrayList<>();
		for (int i = 0; i < issued.replies().size(); i++) {
			if (issued.replies().get(i).pending()) {
				late.add(issued.futures().get(i));
			}
		}
		return this.nodes.within(late, grace).thenApply((graceOver) -> {
			List<@Nullable Long> replies = new ArrayList<>();
			for (int i = 0; i < issued.replies().size(); i++) {
				NodeReply<Long> reply = issued.replies().get(i);
				CompletableFuture<Long> future = issued.futures().get(i);
				replies.add(reply.answered() ? reply.value()
						: (future.isDone() && !future.isCompletedExceptionally()) ? future.getNow(null) : null);
			}
			return replies;
		});
	}

	/**
	 * The token above every reply, and above the last token of the nodes that answered
	 * without holding the lock, raised where this owner still holds it.
	 */
	private CompletableFuture<Long> recordToken(String name, String ownerToken, List<@Nullable Long> replies) {
		long issuedToken = replies.stream().filter(Objects::nonNull).mapToLong(Long::longValue).max().orElse(0);
		if (issuedToken >= MAX_FENCING_TOKEN) {
			throw new LockStoreException(name, "Cannot issue fencing token " + issuedToken + " for lock '" + name
					+ "': a Redlock node's counter is where fencing tokens can no longer grow");
		}
		List<Integer> notHolding = IntStream.range(0, replies.size())
			.filter((index) -> Long.valueOf(0).equals(replies.get(index)))
			.boxed()
			.toList();
		return above(name, issuedToken, notHolding).thenCompose((token) -> this.nodes
			.callInOrder((node) -> node.raiseFencingTokenAsync(name, ownerToken, token),
					(node) -> node.raiseFencingToken(name, ownerToken, token), decidedBy(Boolean::booleanValue))
			.thenApply((raised) -> {
				// Handed out only once a majority recorded it while this owner held the
				// lock there: a holder paused past its lease gets no token.
				return held(name, raised, Boolean::booleanValue,
						"record fencing token " + token + " of lock '" + name + "'") ? token : 0L;
			}));
	}

	/**
	 * Nodes that answered without holding the lock for this owner may hold a later
	 * majority's last token: the issued token is lifted above the largest of theirs.
	 */
	private CompletableFuture<Long> above(String name, long issued, List<Integer> notHolding) {
		if (notHolding.isEmpty()) {
			return CompletableFuture.completedFuture(issued);
		}
		return this.nodes
			.callInOrder((node) -> node.lastFencingTokenAsync(name), (node) -> node.lastFencingToken(name),
					(replies) -> notHolding.stream().noneMatch((index) -> replies.replies().get(index).pending()))
			.thenApply((last) -> {
				long largest = 0;
				for (int index : notHolding) {
					NodeReply<Long> reply = last.replies().get(index);
					if (reply.answered() && reply.value() != null) {
						largest = Math.max(largest, reply.value());
					}
				}
				if (largest < issued) {
					return issued;
				}
				if (largest + 1 >= MAX_FENCING_TOKEN) {
					throw new LockStoreException(name,
							"Cannot issue a fencing token for lock '" + name
									+ "' above the last one of a Redlock node, " + largest
									+ ": fencing tokens can no longer grow");
				}
				return largest + 1;
			});
	}

	/**
	 * Raised on every node that answers, and counts once a majority answered: the next
	 * majority shares a node with it, whose counter then lifts the token it issues.
	 */
	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		return this.nodes
			.callInOrder((node) -> node.raiseFencingTokensAboveAsync(name, token),
					(node) -> node.raiseFencingTokensAbove(name, token),
					(replies) -> replies.answered() >= this.quorum
							|| replies.failed() > this.nodes.size() - this.quorum)
			.thenApply((raised) -> {
				requireQuorum(name, raised, "raise the fencing tokens of lock '" + name + "' above " + token);
				return raised.count(Boolean::booleanValue) > 0;
			});
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return this.nodes
			.callInOrder((node) -> node.renewAsync(name, ownerToken, leaseTime),
					(node) -> node.renew(name, ownerToken, leaseTime), decidedBy(Boolean::booleanValue))
			.thenApply(
					(renewed) -> held(name, renewed, Boolean::booleanValue, "extend the lease of lock '" + name + "'"));
	}

	/**
	 * One batch per node; each lease's outcome once the nodes' batches decide every
	 * lease, bounded by the node timeout.
	 */
	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		if (renewals.isEmpty()) {
			// The replies would decide at once, before any node answered.
			return List.of();
		}
		CompletableFuture<NodeReplies<List<Boolean>>> renewed = this.nodes.callInOrder(
				(node) -> renewAll(node, renewals), (node) -> node.renewAll(renewals),
				(replies) -> IntStream.range(0, renewals.size()).allMatch((index) -> {
					int yes = replies.count((list) -> list.get(index));
					return decided(yes, replies.answered() - yes, replies.failed());
				}));
		List<CompletableFuture<Boolean>> results = new ArrayList<>(renewals.size());
		for (int i = 0; i < renewals.size(); i++) {
			int index = i;
			String name = renewals.get(index).name();
			results.add(renewed.thenApply((replies) -> held(name, replies, (list) -> list.get(index),
					"extend the lease of lock '" + name + "'")));
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
	 * Release on every node, waiting until the outcome is known; a node that has not
	 * answered yet still runs the release.
	 * @return {@code true} if a majority still recorded the owner; {@code false} if too
	 * few did for the nodes that did not answer to make a majority with them
	 * @throws LockStoreException if the nodes that did not answer decide it
	 */
	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		int most = this.nodes.size() - this.quorum;
		return this.nodes.callInOrder((node) -> node.releaseAsync(name, ownerToken),
				(node) -> node.release(name, ownerToken), (replies) -> {
					int yes = replies.count(Boolean::booleanValue);
					int no = replies.count((held) -> !held);
					int pending = replies.pending();
					// Held on a majority, not held on too many, or neither can be told.
					return yes >= this.quorum || no > most || (yes + pending < this.quorum && no + pending <= most);
				})
			.thenApply((released) -> {
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
								+ " Redlock nodes, and cannot tell whether a majority of " + this.quorum
								+ " still held it: " + released.failures());
			});
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return this.nodes
			.callInOrder((node) -> node.forceReleaseAsync(name), (node) -> node.forceRelease(name), (replies) -> false)
			.thenApply((released) -> {
				if (released.answered() == 0) {
					throw new LockStoreException(name, "Could not force the release of lock '" + name
							+ "' on any Redlock node: " + released.failures());
				}
				return released.count(Boolean::booleanValue) > 0;
			});
	}

	/**
	 * Listen on every node that can be reached: a release on any may free the lock. A
	 * node's store subscribes on a thread of its own, so this returns at once.
	 */
	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		ReleaseListener anyNode = (handOff) -> listener.released(null);
		List<AutoCloseable> open = new ArrayList<>();
		List<String> failures = new ArrayList<>();
		for (int i = 0; i < this.stores.size(); i++) {
			try {
				open.add(this.stores.get(i).subscribe(name, anyNode));
			}
			catch (RuntimeException ex) {
				failures.add(this.nodes.nodeName(i) + " failed: " + ex.getMessage());
			}
		}
		if (open.isEmpty()) {
			throw new LockStoreException(name, "Could not listen for releases of lock '" + name
					+ "' on any Redlock node: " + String.join("; ", failures));
		}
		return () -> {
			for (AutoCloseable subscription : open) {
				subscription.close();
			}
		};
	}

	/**
	 * Whether a majority holds the lock for the owner; {@code false} only when too many
	 * deny it: a node may deny only because it has not yet run the acquisition (re-sent
	 * after {@code NOSCRIPT}), so anything between fails with a
	 * {@link LockStoreException}.
	 */
	private <T> boolean held(String name, NodeReplies<T> replies, Predicate<T> yes, String what) {
		int confirmed = replies.count(yes);
		if (confirmed < this.quorum) {
			requireQuorum(name, replies, what);
		}
		if (confirmed >= this.quorum) {
			return true;
		}
		int denied = replies.count(yes.negate());
		if (denied > this.nodes.size() - this.quorum) {
			return false;
		}
		throw new LockStoreException(name,
				"Could not " + what + ": " + confirmed + " of " + this.nodes.size() + " Redlock nodes confirmed it and "
						+ denied + " denied it, " + this.quorum + " are needed either way ("
						+ (replies.failures().isEmpty() ? "no more answered" : replies.failures()) + ")");
	}

	private void requireQuorum(String name, NodeReplies<?> replies, String what) {
		if (replies.answered() < this.quorum) {
			throw new LockStoreException(name,
					"Could not " + what + ": only " + replies.answered() + " of " + this.nodes.size()
							+ " Redlock nodes answered, " + this.quorum + " are needed (" + replies.failures() + ")");
		}
	}

	/**
	 * Set whether every node records the holder's host, process, thread and method with
	 * each lock, or only the instance; see {@link RedisLockStore#setHolderDetails}.
	 * @param holderDetails whether to record the holder's details
	 */
	public void setHolderDetails(boolean holderDetails) {
		this.stores.forEach((store) -> store.setHolderDetails(holderDetails));
	}

	/**
	 * Check that no node can evict lock keys; see
	 * {@link RedisLockStore#checkEvictionPolicy(boolean)}.
	 * @param refuse whether to refuse a node that can evict lock keys and has a
	 * {@code maxmemory} limit, rather than warn about it
	 * @throws io.github.redislock.core.InvalidLockConfigurationException if
	 * {@code refuse} is set and such a node was found
	 */
	public void checkEvictionPolicy(boolean refuse) {
		RedisLockStore.checkEvictionPolicy(refuse, this.stores);
	}

	@Override
	public void close() {
		this.nodes.close();
		if (this.connections != null) {
			this.connections.close();
		}
	}

	private record NodeRuntime(LongSupplier nanoClock, ScheduledExecutorService timer, ExecutorService executor) {

	}

}
