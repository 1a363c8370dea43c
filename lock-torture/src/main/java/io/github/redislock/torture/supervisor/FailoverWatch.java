// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;

/**
 * Watches the Sentinels and the data nodes for the whole run, so that every failover is
 * placed in the oracle's sequence, also one the Sentinels make on their own long after
 * the fault that unsettled them healed: a master restarted empty, a pause, or Sentinels
 * that disagree. A window opens at the last look that found the master unchallenged and
 * closes once nothing has been amiss for longer than the Sentinels' down-after time and a
 * lease has passed since the last switch, the longest a holder granted by the old master
 * goes on believing it holds its lock.
 * <p>
 * It also tracks how long leases may outlast their length: Redis replicates a lease's
 * expiry as an absolute time, so a lease written by a master whose clock is ahead of the
 * next master's lasts longer there by the difference.
 *
 * @author redis-lock contributors
 */
final class FailoverWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(FailoverWatch.class);

	/** How often it looks. */
	static final Duration POLL = Duration.ofMillis(50);

	/**
	 * How long nothing must be amiss before a window closes: longer than the Sentinels'
	 * down-after time of 1 s, after which they would have started a failover.
	 */
	static final Duration SETTLE = Duration.ofMillis(1500);

	private static final long LEASE_NANOS = TimeUnit.MILLISECONDS.toNanos(TortureTimings.LEASE_MS);

	private final @Nullable Source source;

	private final Events events;

	private final ReentrantLock lock = new ReentrantLock();

	private final List<Failover> failovers = new ArrayList<>();

	private final List<Long> switches = new ArrayList<>();

	private final Thread thread;

	private volatile boolean running = true;

	private String master;

	private long lastCalmSequence;

	private boolean open;

	private long windowStart;

	private String windowFrom = "";

	private final Set<String> windowMasters = new LinkedHashSet<>();

	private long firstSwitch = -1;

	private long lastSwitchNanos;

	private long lastSwitchWall;

	private long calmSince = -1;

	/**
	 * Data nodes other than the master that said they were masters since the last switch,
	 * and when last: the next master may have replicated what they wrote, while a master
	 * the Sentinels replaced loses what it wrote once it replicates from the new one.
	 */
	private final Map<String, Long> otherMasters = new HashMap<>();

	/**
	 * The latest absolute expiry, by the clock of the master that wrote it, that a lease
	 * written by an earlier master may carry.
	 */
	private long carriedExpiry = Long.MIN_VALUE;

	FailoverWatch(@Nullable Source source, String master, Events events) {
		this.source = source;
		this.master = master;
		this.events = events;
		this.lastCalmSequence = events.sequence();
		this.thread = new Thread(this::run, "torture-failover-watch");
		this.thread.setDaemon(true);
	}

	/**
	 * Start watching a topology.
	 * @param source what the Sentinels and data nodes say
	 * @param master the master now
	 * @param oracle where failovers are recorded
	 * @return the running watch
	 */
	static FailoverWatch start(Source source, String master, Oracle oracle) {
		FailoverWatch watch = new FailoverWatch(source, master, Events.of(oracle));
		watch.thread.start();
		return watch;
	}

	/**
	 * Return a watch for a topology that does not fail over by itself.
	 * @return a watch that never sees a failover
	 */
	static FailoverWatch none() {
		return new FailoverWatch(null, "", new Events() {

			@Override
			public long sequence() {
				return 0;
			}

			@Override
			public long record(String kind, String details) {
				return 0;
			}

		});
	}

	private void run() {
		while (this.running) {
			try {
				look();
			}
			catch (RuntimeException ex) {
				logger.debug("Could not look at the Sentinels", ex);
			}
			try {
				TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private void look() {
		Source source = this.source;
		if (source != null) {
			observe(source.look(), System.nanoTime(), System.currentTimeMillis());
		}
	}

	/**
	 * Take in one look.
	 * @param view what the Sentinels and data nodes said
	 * @param nanos {@link System#nanoTime()} of the look
	 * @param wallMillis the wall clock of the look
	 */
	void observe(View view, long nanos, long wallMillis) {
		this.lock.lock();
		try {
			long sequence = this.events.sequence();
			Set<String> expected = Set.of(this.master);
			boolean unrest = view.sentinelsUnsettled() || !view.masters().equals(expected)
					|| (!view.named().isEmpty() && !view.named().equals(expected));
			for (String other : view.masters()) {
				if (!other.equals(this.master)) {
					// A master the clients may reach beside the one the Sentinels name:
					// the next master may have its writes.
					this.otherMasters.put(other, wallMillis);
				}
			}
			if (!unrest) {
				calm(sequence, nanos);
				return;
			}
			this.calmSince = -1;
			if (!this.open) {
				this.open = true;
				this.windowStart = this.lastCalmSequence;
				this.windowFrom = this.master;
				this.windowMasters.clear();
				this.windowMasters.add(this.master);
				this.firstSwitch = -1;
			}
			this.windowMasters.addAll(view.masters());
			this.windowMasters.addAll(view.named());
			if (view.named().size() == 1 && !view.named().contains(this.master)) {
				String promoted = view.named().iterator().next();
				carry(this.master, wallMillis);
				this.otherMasters.forEach((other, seenAt) -> {
					if (!other.equals(promoted)) {
						carry(other, seenAt);
					}
				});
				this.otherMasters.clear();
				long switched = this.events.record("failover", this.master + " " + promoted);
				this.switches.add(switched);
				if (this.firstSwitch < 0) {
					this.firstSwitch = switched;
				}
				this.lastSwitchNanos = nanos;
				this.lastSwitchWall = wallMillis;
				this.master = promoted;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private void calm(long sequence, long nanos) {
		if (!this.open) {
			this.lastCalmSequence = sequence;
			return;
		}
		if (this.calmSince < 0) {
			this.calmSince = nanos;
		}
		boolean settled = nanos - this.calmSince >= SETTLE.toNanos();
		boolean leaseOver = this.firstSwitch < 0 || nanos - this.lastSwitchNanos >= LEASE_NANOS;
		if (settled && leaseOver) {
			closeWindow(sequence);
		}
	}

	/** Called holding the lock. */
	private void closeWindow(long sequence) {
		if (this.firstSwitch >= 0) {
			Failover failover = new Failover(this.windowFrom, this.master, List.copyOf(this.windowMasters),
					this.windowStart, this.firstSwitch, sequence, lengthening(this.lastSwitchWall));
			this.failovers.add(failover);
			this.events.record("failover-settled", failover.describe());
		}
		this.open = false;
		this.lastCalmSequence = sequence;
	}

	/**
	 * A master that wrote leases until now: what it wrote may expire as late as now and a
	 * lease, by its clock. Called holding the lock.
	 */
	private void carry(String writer, long wallMillis) {
		long expiry = wallMillis + clockOffset(writer).toMillis() + TortureTimings.LEASE_MS;
		this.carriedExpiry = Math.max(this.carriedExpiry, expiry);
	}

	private Duration clockOffset(String address) {
		Source source = this.source;
		return (source != null) ? source.clockOffset(address) : Duration.ZERO;
	}

	/** Called holding the lock. */
	private Duration lengthening(long fromWallMillis) {
		if (this.carriedExpiry == Long.MIN_VALUE) {
			return Duration.ZERO;
		}
		long endsAt = this.carriedExpiry - clockOffset(this.master).toMillis();
		return Duration.ofMillis(Math.max(0, endsAt - fromWallMillis - TortureTimings.LEASE_MS));
	}

	/**
	 * Return how much longer than a lease from the given moment a lease written by an
	 * earlier master may still last on the master now, because that master's clock was
	 * ahead of this one's.
	 * @param wallMillis the moment, by the wall clock
	 * @return the lengthening, zero when no such lease can be left
	 */
	Duration leaseLengtheningAfter(long wallMillis) {
		this.lock.lock();
		try {
			return lengthening(wallMillis);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Return whether the watch looks at anything: only a Sentinel group fails over by
	 * itself.
	 * @return whether failovers are watched
	 */
	boolean watching() {
		return this.source != null;
	}

	/**
	 * Wait until the watch has seen the given master, which a fault's own failover made.
	 * @param address the master's address
	 * @param timeout how long to wait at most
	 * @return whether it saw it in time; {@code true} when nothing is watched
	 */
	boolean awaitMaster(String address, Duration timeout) {
		if (this.source == null) {
			return true;
		}
		return WorkerOrders.awaitUntil(timeout, () -> {
			this.lock.lock();
			try {
				return this.master.equals(address);
			}
			finally {
				this.lock.unlock();
			}
		});
	}

	/**
	 * Return whether the master was seen to switch after the given sequence.
	 * @param sequence the oracle's sequence
	 * @return whether a failover happened since
	 */
	boolean switchedSince(long sequence) {
		this.lock.lock();
		try {
			return this.switches.stream().anyMatch((switched) -> switched > sequence);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Wait until nothing has been amiss for {@link #SETTLE} and a lease has passed since
	 * the last switch.
	 * @param timeout how long to wait at most
	 * @return whether the Sentinels settled in time
	 */
	boolean awaitSettled(Duration timeout) {
		return WorkerOrders.awaitUntil(timeout, () -> {
			this.lock.lock();
			try {
				return !this.open;
			}
			finally {
				this.lock.unlock();
			}
		});
	}

	/**
	 * Return every failover seen, one still settling ending at the oracle's sequence now.
	 * @return the failovers in the order they happened
	 */
	List<Failover> failovers() {
		this.lock.lock();
		try {
			List<Failover> all = new ArrayList<>(this.failovers);
			if (this.open && this.firstSwitch >= 0) {
				all.add(new Failover(this.windowFrom, this.master, List.copyOf(this.windowMasters), this.windowStart,
						this.firstSwitch, this.events.sequence(), lengthening(this.lastSwitchWall)));
			}
			return all;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(TimeUnit.SECONDS.toMillis(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (this.source != null) {
			this.source.close();
		}
	}

	/**
	 * One look at a Sentinel group.
	 *
	 * @param named the masters the reachable Sentinels name
	 * @param masters the data nodes that say they are masters
	 * @param sentinelsUnsettled whether a Sentinel flags the master down or failing over
	 */
	record View(Set<String> named, Set<String> masters, boolean sentinelsUnsettled) {

	}

	/**
	 * What the watch looks at.
	 */
	interface Source extends AutoCloseable {

		/**
		 * Ask every Sentinel and data node, each within a short timeout.
		 * @return what they said
		 */
		View look();

		/**
		 * Return how far a data node's clock is from the machine's.
		 * @param address the node's address
		 * @return its offset
		 */
		Duration clockOffset(String address);

		@Override
		void close();

	}

	/**
	 * Where failovers are recorded.
	 */
	interface Events {

		/**
		 * Return the oracle's sequence now.
		 * @return the sequence
		 */
		long sequence();

		/**
		 * Record an event.
		 * @param kind its kind
		 * @param details what the summary reads
		 * @return its sequence
		 */
		long record(String kind, String details);

		static Events of(Oracle oracle) {
			return new Events() {

				@Override
				public long sequence() {
					return oracle.sequence();
				}

				@Override
				public long record(String kind, String details) {
					return oracle.record(kind, details);
				}

			};
		}

	}

}
