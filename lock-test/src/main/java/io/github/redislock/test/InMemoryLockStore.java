// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LockStore} in the memory of one JVM, for tests: declare it as a bean and the
 * starter's Redis store backs off, so that {@code @RedisLock} methods, the
 * {@code LockClient} and the {@code LockOperations} lock as they do on Redis, with no
 * Redis running. It keeps the whole store contract that the Redis store keeps with its
 * Lua scripts ({@link AbstractLockStoreContractTests} proves both): leases that run out,
 * re-entry by the same owner, queued waiters handed the lock in arrival order, release
 * notifications, fencing tokens and the recorded holder.
 * <p>
 * What it does not do: share locks with any other JVM (two instances of an application,
 * or a test and the application it starts in another process, do not exclude each other),
 * keep anything across a restart, or fail as a server does (no timeouts, no lost
 * connections, no failover). Use a real Redis (Testcontainers, say) to test those.
 * <p>
 * Each operation runs under the store's monitor, so it is atomic, as a script is in
 * Redis. The store keeps its own time: {@link System#nanoTime()} plus whatever
 * {@link #advanceClock} added, so that a test can let leases and queue places run out
 * without waiting for them, while renewal and backoff in the lock client still see real
 * time pass. Release notifications are delivered one at a time, in the order they were
 * published, on a thread of the store and never on the releasing thread, as Redis pub/sub
 * delivers them; {@link #close()} stops that thread, and a Spring context closes a store
 * bean when it closes.
 * <p>
 * Queue places behave as in Redis, where they are fields of one hash with one expiry: the
 * queue of a lock lasts as long as the longest validity any caller queued with, and a
 * place whose own validity passed is skipped, and dropped, by the next release.
 * <pre class="code">
 * &#64;TestConfiguration(proxyBeanMethods = false)
 * class InMemoryLocks {
 *
 *     &#64;Bean
 *     InMemoryLockStore lockStore() {
 *         return new InMemoryLockStore();
 *     }
 *
 * }</pre>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class InMemoryLockStore implements LockStore, AutoCloseable {

	private final long origin = System.nanoTime();

	/** Time added by {@link #advanceClock}; guarded by this. */
	private long skewNanos;

	/**
	 * Orders queue places by arrival, as the server clock in µs does in Redis; guarded by
	 * this.
	 */
	private long arrivals;

	/**
	 * The last fencing token issued, for any lock name, so the next is larger than every
	 * token issued for its own name; guarded by this.
	 */
	private long lastFencingToken;

	/** Locks that are held or have waiters queued; guarded by this. */
	private final Map<String, Lock> locks = new HashMap<>();

	/** Subscribers per lock name; guarded by this. */
	private final Map<String, Set<ReleaseListener>> subscribers = new HashMap<>();

	private final ExecutorService notifier = Executors.newSingleThreadExecutor((runnable) -> {
		Thread thread = new Thread(runnable, "in-memory-lock-store-notifier");
		thread.setDaemon(true);
		return thread;
	});

	/** Answered on the caller's thread, as the blocking method answers. */
	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder) {
		return LockStore.answered(() -> tryAcquire(name, ownerToken, leaseTime, queueing, holder));
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		return LockStore.answered(() -> issueFencingToken(name, ownerToken, leaseTime));
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return LockStore.answered(() -> raiseFencingTokensAbove(name, token));
	}

	@Override
	public CompletionStage<@Nullable Reacquisition> reacquireAsync(String name, String ownerToken,
			String nextOwnerToken, Duration leaseTime) {
		return LockStore.answered(() -> reacquire(name, ownerToken, nextOwnerToken, leaseTime));
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return LockStore.answered(() -> renew(name, ownerToken, leaseTime));
	}

	/** One by one, as a store without batches renews. */
	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<Boolean> renewed = new ArrayList<>(renewals.size());
		for (LeaseRenewal renewal : renewals) {
			renewed.add(renew(renewal.name(), renewal.ownerToken(), renewal.leaseTime()));
		}
		return renewed;
	}

	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		return LockStore.answeredEach(renewals.size(), () -> renewAll(renewals));
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		return LockStore.answered(() -> release(name, ownerToken));
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return LockStore.answered(() -> forceRelease(name));
	}

	@Override
	public synchronized AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder by) {
		LockStore.checkOwnerToken(name, ownerToken);
		checkLease(leaseTime);
		long now = now();
		Lock lock = lock(name, now);
		String current = lock.holder(now);
		if (current != null && !current.equals(ownerToken)) {
			if (queueing != null) {
				checkLease(queueing.handOffLease());
				Place place = lock.waiters.get(ownerToken);
				long arrival = (place != null) ? place.arrival : ++this.arrivals;
				long validUntil = plus(now, queueing.validity());
				// A queue lasts as long as the longest validity since it was last empty.
				lock.queueEnd = lock.waiters.isEmpty() ? validUntil : Math.max(lock.queueEnd, validUntil);
				lock.waiters.put(ownerToken,
						new Place(arrival, validUntil, queueing.handOffLease(), queueing.ticket(), by));
			}
			return AcquireResult.busy((lock.leaseEnd - now) / 1_000_000);
		}
		lock.hold(ownerToken, plus(now, leaseTime), by);
		if (queueing != null && queueing.queuedBefore()) {
			lock.waiters.remove(ownerToken);
		}
		return AcquireResult.ACQUIRED;
	}

	@Override
	public synchronized long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		if (!isHolder(name, ownerToken)) {
			return 0;
		}
		this.lastFencingToken = Math.addExact(this.lastFencingToken, 1);
		return this.lastFencingToken;
	}

	@Override
	public synchronized boolean raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		if (token <= this.lastFencingToken) {
			return false;
		}
		this.lastFencingToken = token;
		return true;
	}

	@Override
	public synchronized @Nullable Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		if (!nextOwnerToken.equals(ownerToken)) {
			LockStore.checkOwnerToken(name, nextOwnerToken);
		}
		checkLease(leaseTime);
		long now = now();
		if (!isHolder(name, ownerToken)) {
			// The same call again, after the lock passed: answered as the first was.
			return isHolder(name, nextOwnerToken) ? new Reacquisition(!lock(name, now).waiters.isEmpty()) : null;
		}
		Lock lock = lock(name, now);
		lock.owner = nextOwnerToken;
		lock.leaseEnd = plus(now, leaseTime);
		return new Reacquisition(!lock.waiters.isEmpty());
	}

	@Override
	public synchronized boolean renew(String name, String ownerToken, Duration leaseTime) {
		checkLease(leaseTime);
		if (!isHolder(name, ownerToken)) {
			return false;
		}
		long now = now();
		lock(name, now).leaseEnd = plus(now, leaseTime);
		return true;
	}

	@Override
	public synchronized boolean release(String name, String ownerToken) {
		long now = now();
		Lock lock = lock(name, now);
		try {
			if (!ownerToken.equals(lock.holder(now))) {
				lock.waiters.remove(ownerToken);
				return false;
			}
			if (lock.waiters.isEmpty()) {
				lock.free();
				return true;
			}
			Map.Entry<String, Place> next = null;
			for (Iterator<Map.Entry<String, Place>> it = lock.waiters.entrySet().iterator(); it.hasNext();) {
				Map.Entry<String, Place> waiter = it.next();
				if (waiter.getKey().equals(ownerToken) || waiter.getValue().validUntil < now) {
					it.remove();
				}
				else if (next == null || waiter.getValue().arrival < next.getValue().arrival) {
					next = waiter;
				}
			}
			if (next == null) {
				lock.free();
				publish(name, null);
				return true;
			}
			lock.waiters.remove(next.getKey());
			lock.hold(next.getKey(), plus(now, next.getValue().handOffLease), next.getValue().holder);
			publish(name, new HandOff(next.getKey(), next.getValue().ticket));
			return true;
		}
		finally {
			forgetIfUnused(name, lock);
		}
	}

	@Override
	public synchronized boolean forceRelease(String name) {
		long now = now();
		Lock lock = lock(name, now);
		if (lock.holder(now) == null) {
			forgetIfUnused(name, lock);
			return false;
		}
		lock.free();
		forgetIfUnused(name, lock);
		publish(name, null);
		return true;
	}

	@Override
	public synchronized AutoCloseable subscribe(String name, ReleaseListener listener) {
		this.subscribers.computeIfAbsent(name, (key) -> new LinkedHashSet<>()).add(listener);
		// Like the Redis store: told once in place, so a release just before is not
		// missed.
		deliver(() -> {
			if (isSubscribed(name, listener)) {
				listener.released(null);
			}
		});
		return () -> unsubscribe(name, listener);
	}

	private synchronized void unsubscribe(String name, ReleaseListener listener) {
		Set<ReleaseListener> listeners = this.subscribers.get(name);
		if (listeners != null && listeners.remove(listener) && listeners.isEmpty()) {
			this.subscribers.remove(name);
		}
	}

	private synchronized boolean isSubscribed(String name, ReleaseListener listener) {
		Set<ReleaseListener> listeners = this.subscribers.get(name);
		return listeners != null && listeners.contains(listener);
	}

	/**
	 * Let time pass for the store at once: leases and queue places end this much sooner,
	 * as if the store's clock had jumped. The engine's own clock is not moved, so a
	 * holder still believes in its lease, as one whose process paused would.
	 * @param time how much time passes
	 */
	public synchronized void advanceClock(Duration time) {
		if (time.isNegative()) {
			throw new IllegalArgumentException("Time only moves forward, was " + time);
		}
		this.skewNanos = plus(this.skewNanos, time);
	}

	/**
	 * Return the names of the locks that are held or have waiters queued.
	 * @return the lock names
	 */
	public synchronized Set<String> lockNames() {
		long now = now();
		this.locks.entrySet().removeIf((entry) -> entry.getValue().isUnused(now));
		return Set.copyOf(this.locks.keySet());
	}

	/**
	 * Return the owner token of the current holder of a lock.
	 * @param name the lock name
	 * @return the holder, or {@code null} if the lock is free
	 */
	public synchronized @Nullable String holder(String name) {
		Lock lock = this.locks.get(name);
		return (lock != null) ? lock.holder(now()) : null;
	}

	/**
	 * Return who the store records as the holder of a lock.
	 * @param name the lock name
	 * @return the holder, or {@code null} if the lock is free
	 */
	public synchronized @Nullable RecordedHolder recordedHolder(String name) {
		Lock lock = this.locks.get(name);
		String owner = (lock != null) ? lock.holder(now()) : null;
		return (owner != null) ? new RecordedHolder(owner, lock.holderRecord, lock.acquiredAt) : null;
	}

	/**
	 * Return the owner tokens of the waiters queued for a lock, longest queued first,
	 * also those whose place ran out but was not dropped yet.
	 * @param name the lock name
	 * @return the queued owner tokens
	 */
	public synchronized List<String> waiters(String name) {
		Lock lock = this.locks.get(name);
		if (lock == null || lock.queueEnd < now()) {
			return List.of();
		}
		List<Map.Entry<String, Place>> places = new ArrayList<>(lock.waiters.entrySet());
		places.sort((a, b) -> Long.compare(a.getValue().arrival, b.getValue().arrival));
		return places.stream().map(Map.Entry::getKey).toList();
	}

	/**
	 * Return how long the holder of a lock keeps it.
	 * @param name the lock name
	 * @return the remaining lease, {@link Duration#ZERO} if the lock is free
	 */
	public synchronized Duration remainingLease(String name) {
		long now = now();
		Lock lock = this.locks.get(name);
		return (lock != null && lock.holder(now) != null) ? Duration.ofNanos(lock.leaseEnd - now) : Duration.ZERO;
	}

	/**
	 * Return the number of open subscriptions, over all lock names.
	 * @return the number of subscribed listeners
	 */
	public synchronized int subscriberCount() {
		return this.subscribers.values().stream().mapToInt(Set::size).sum();
	}

	/**
	 * Stop delivering notifications.
	 */
	@Override
	public void close() {
		this.notifier.shutdownNow();
	}

	private boolean isHolder(String name, String ownerToken) {
		Lock lock = this.locks.get(name);
		return lock != null && ownerToken.equals(lock.holder(now()));
	}

	/**
	 * Return the record of a lock, with a queue that ran out as a whole emptied, as the
	 * expiry of the waiters hash empties it in Redis.
	 */
	private Lock lock(String name, long now) {
		Lock lock = this.locks.computeIfAbsent(name, (key) -> new Lock());
		if (lock.queueEnd < now) {
			lock.waiters.clear();
		}
		return lock;
	}

	private void forgetIfUnused(String name, Lock lock) {
		if (lock.isUnused(now())) {
			this.locks.remove(name, lock);
		}
	}

	/**
	 * Snapshot the subscribers now, as Redis delivers a message to the subscribers of the
	 * moment it is published, and tell them later on the notifier thread.
	 */
	private void publish(String name, @Nullable HandOff handOff) {
		List<ReleaseListener> listeners = new ArrayList<>(this.subscribers.getOrDefault(name, Set.of()));
		if (!listeners.isEmpty()) {
			deliver(() -> listeners.forEach((listener) -> listener.released(handOff)));
		}
	}

	private void deliver(Runnable notification) {
		try {
			this.notifier.execute(() -> {
				try {
					notification.run();
				}
				catch (RuntimeException ex) {
					// As the Redis listener container does: one failing listener stops
					// nothing else.
				}
			});
		}
		catch (RejectedExecutionException ex) {
			// Closed: notifications are best effort.
		}
	}

	private synchronized long now() {
		return plus(System.nanoTime() - this.origin, Duration.ofNanos(this.skewNanos));
	}

	private static long plus(long nanos, Duration time) {
		try {
			return Math.addExact(nanos, time.toNanos());
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE;
		}
	}

	private static void checkLease(Duration leaseTime) {
		if (leaseTime.isNegative() || leaseTime.isZero()) {
			throw new IllegalArgumentException("Lease must be positive, was " + leaseTime);
		}
	}

	/**
	 * One lock name: its holder until its lease ends, and its queue.
	 */
	private static final class Lock {

		private @Nullable String owner;

		private long leaseEnd;

		private LockHolder holderRecord = LockHolder.currentThread(null);

		private Instant acquiredAt = Instant.EPOCH;

		/** Queue places by owner token. */
		private final Map<String, Place> waiters = new LinkedHashMap<>();

		/** When the queue runs out as a whole. */
		private long queueEnd;

		@Nullable String holder(long now) {
			return (this.owner != null && now < this.leaseEnd) ? this.owner : null;
		}

		void hold(String owner, long leaseEnd, LockHolder holder) {
			this.owner = owner;
			this.leaseEnd = leaseEnd;
			this.holderRecord = holder;
			this.acquiredAt = Instant.now();
		}

		void free() {
			this.owner = null;
		}

		boolean isUnused(long now) {
			return holder(now) == null && (this.waiters.isEmpty() || this.queueEnd < now);
		}

	}

	/**
	 * A waiter's place in the queue of a lock.
	 */
	private record Place(long arrival, long validUntil, Duration handOffLease, long ticket, LockHolder holder) {

	}

}
