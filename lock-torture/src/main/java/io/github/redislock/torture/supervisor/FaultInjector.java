// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;
import io.github.redislock.torture.proxy.FaultProxy;
import io.github.redislock.torture.proxy.RedisCommand;

/**
 * Injects one fault at a time while locks are in use, heals it, and measures how soon
 * every lock can be acquired again. Each fault is placed in the oracle's sequence from
 * just before it starts until every holder inside at its start has left, so that the
 * summary can tell overlaps it explains from those nothing explains. A Redis fault on a
 * Sentinel group lasts until the Sentinels settled, and the recovery it measures allows
 * for leases a failover lengthened, both from the {@link FailoverWatch}.
 * <p>
 * It is longer than 300 lines because it holds one short method per fault kind, which
 * reads best side by side; the workers' orders and the queue reading are elsewhere.
 *
 * @author redis-lock contributors
 */
final class FaultInjector {

	private static final long LEASE = TortureTimings.LEASE_MS;

	private static final Duration TRIGGER_TIMEOUT = Duration.ofSeconds(15);

	/** How long the Sentinels may take to settle after a Redis fault. */
	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);

	private final Oracle oracle;

	private final LockRedis redis;

	private final FailoverWatch failovers;

	private final LockKeys keys;

	private final Workers workers;

	private final RecoveryProbe probe;

	private final List<String> locks;

	private final WorkerOrders orders;

	private final WaiterQueue queue;

	private final List<PauseWindow> pauses = new ArrayList<>();

	private final List<String> notes = new ArrayList<>();

	private Set<String> insideAtStart = Set.of();

	private long startSequence;

	FaultInjector(Oracle oracle, LockRedis redis, FailoverWatch failovers, StringRedisTemplate redisCommands,
			LockKeys keys, Workers workers, RecoveryProbe probe, List<String> locks) {
		this.oracle = oracle;
		this.failovers = failovers;
		this.redis = redis;
		this.orders = new WorkerOrders(oracle);
		this.queue = new WaiterQueue(redisCommands, keys);
		this.keys = keys;
		this.workers = workers;
		this.probe = probe;
		this.locks = locks;
	}

	/**
	 * Inject a fault, heal it, and wait until the locks recover.
	 * @param kind what to inject
	 * @param random the schedule's random source, which picks the targets
	 * @return the fault as injected, or {@code null} if it could not be triggered
	 */
	InjectedFault inject(FaultKind kind, Random random) {
		int slot = random.nextInt(this.workers.size());
		String lock = this.locks.get(random.nextInt(this.locks.size()));
		WorkerProcess worker = this.workers.get(slot);
		String target = switch (kind) {
			case HOLDER_KILLED, HOLDER_PAUSED, HOLDER_INTERRUPTED, WAITER_KILLED_FIRST_IN_QUEUE ->
				worker.id() + " " + lock;
			default -> lock;
		};
		String master = this.redis.masterAddress();
		long healedAt = switch (kind) {
			case HOLDER_KILLED -> holderKilled(slot, lock);
			case HOLDER_PAUSED -> holderPaused(worker, lock);
			case REDIS_RESTARTED_EMPTY -> redisRestartedEmpty(worker, lock);
			case REDIS_PAUSED_SHORT -> redisPaused(worker, lock, LEASE / 4);
			case REDIS_PAUSED_LONG -> redisPaused(worker, lock, LEASE + 1000);
			case COMMAND_CONNECTIONS_KILLED -> clientKill(worker, lock, "normal");
			case PUBSUB_CONNECTIONS_KILLED -> clientKill(worker, lock, "pubsub");
			case ACQUIRE_REPLY_LOST -> replyLost((command) -> command.isScript("acquire")
					|| command.isScript("reacquire") || (command.isSetIfAbsent() && isLockKey(command.firstKey())));
			case RELEASE_REPLY_LOST -> replyLost((command) -> command.isScript("release"));
			case RENEWAL_REPLY_LOST -> renewalReplyLost(worker, lock);
			case REPLY_DELAYED -> replyDelayed();
			case HOLDER_INTERRUPTED -> holderInterrupted(worker, lock);
			case WAITER_KILLED_FIRST_IN_QUEUE -> waiterKilled(slot, lock);
			case FAILOVER_TO_REPLICA_BEHIND -> clockSkewFailover(kind, worker, lock, FaultKind.FAILOVER_SKEW.negated());
			case FAILOVER_TO_REPLICA_AHEAD -> clockSkewFailover(kind, worker, lock, FaultKind.FAILOVER_SKEW);
		};
		if (healedAt < 0) {
			this.notes.add(kind.description() + " on " + target + " was not triggered");
			return null;
		}
		if (kind.hitsRedis()) {
			// Healed once the topology serves again: a Cluster that marked the node
			// failed, a Sentinel group that failed over, take a while longer than the
			// node itself.
			this.redis.awaitServing();
			healedAt = System.nanoTime();
		}
		long healedWall = System.currentTimeMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - healedAt);
		String masterNow = this.redis.masterAddress();
		boolean failedOver = !master.equals(masterNow);
		if (failedOver && !this.failovers.awaitMaster(masterNow, SETTLE_TIMEOUT)) {
			this.notes.add("the failover watch did not see " + masterNow + " become master after " + kind.description()
					+ " on " + target);
		}
		if (kind != FaultKind.HOLDER_PAUSED && kind != FaultKind.HOLDER_KILLED) {
			// A hold that outlasts the fault is legitimately held, not a cost of the
			// fault: it ends now, so that the recovery measured is the fault's own.
			this.orders.interruptHolds(this.workers);
		}
		// After a failover, a lease whose release the failover lost (or whose holder
		// stopped renewing) lasts until its absolute expiry: longer on a master whose
		// clock is behind the clock of the master that wrote it, by the difference. The
		// watch knows every failover, also those a fault did not ask for.
		Duration lengthening = this.failovers.leaseLengtheningAfter(healedWall);
		long recovery = this.probe.acquireAll(healedAt, kind.description() + " on " + target, lengthening);
		awaitHoldersInsideAtStartGone(kind);
		// A Redis fault lasts until the Sentinels settled: one that unsettled them may
		// make them fail over after it healed.
		boolean watched = kind.hitsRedis() && this.failovers.watching();
		if (watched && !this.failovers.awaitSettled(SETTLE_TIMEOUT)) {
			this.notes.add("the Sentinels had not settled " + SETTLE_TIMEOUT.toSeconds() + " s after "
					+ kind.description() + " on " + target);
		}
		failedOver |= this.failovers.switchedSince(this.startSequence);
		if (failedOver && !watched) {
			// Holders granted by the old master before it was demoted may still think
			// they hold their locks: the failover's window lasts their lease (the
			// watch's window already lasts a lease after the last switch).
			WorkerOrders.pause(LEASE);
		}
		long endSequence = this.oracle.record("fault-end", kind.name() + " " + target);
		if (kind == FaultKind.HOLDER_KILLED || kind == FaultKind.WAITER_KILLED_FIRST_IN_QUEUE) {
			this.workers.replace(slot);
		}
		return new InjectedFault(kind, target, this.insideAtStart.size(), this.startSequence, endSequence, recovery,
				kind.beyondAssumptions() || failedOver);
	}

	/**
	 * Mark the start of a fault: note who is inside a critical section now.
	 */
	private void begin(String what) {
		Set<String> inside = new HashSet<>();
		for (String lock : this.locks) {
			inside.addAll(this.oracle.occupantsOf(lock).keySet());
		}
		this.insideAtStart = inside;
		this.startSequence = this.oracle.record("fault-start", what);
	}

	private long holderKilled(int slot, String lock) {
		WorkerProcess worker = this.workers.get(slot);
		hold(worker, lock, 10 * LEASE);
		begin(FaultKind.HOLDER_KILLED + " " + worker.id());
		this.workers.kill(slot);
		return System.nanoTime();
	}

	private long holderPaused(WorkerProcess worker, String lock) {
		hold(worker, lock, 1000);
		begin(FaultKind.HOLDER_PAUSED + " " + worker.id());
		long from = System.currentTimeMillis();
		worker.pause();
		WorkerOrders.pause(2 * LEASE);
		worker.resume();
		synchronized (this.pauses) {
			this.pauses.add(new PauseWindow(worker.id(), from, System.currentTimeMillis()));
		}
		return System.nanoTime();
	}

	private long redisRestartedEmpty(WorkerProcess worker, String lock) {
		hold(worker, lock, 2000);
		RedisNode node = this.redis.nodeOf(this.keys.lockKey(lock));
		begin(FaultKind.REDIS_RESTARTED_EMPTY + " " + node.address());
		node.kill();
		WorkerOrders.pause(500);
		node.restart();
		return System.nanoTime();
	}

	private long redisPaused(WorkerProcess worker, String lock, long millis) {
		hold(worker, lock, 2000);
		RedisNode node = this.redis.nodeOf(this.keys.lockKey(lock));
		begin("redis " + node.address() + " paused " + millis + " ms");
		node.pause();
		WorkerOrders.pause(millis);
		node.resume();
		return System.nanoTime();
	}

	private long clockSkewFailover(FaultKind kind, WorkerProcess worker, String lock, Duration clockOffset) {
		this.redis.failOverToReplicaWithClock(clockOffset, () -> {
			hold(worker, lock, 2000);
			begin(kind + " to a replica " + clockOffset.toSeconds() + " s off");
		});
		return System.nanoTime();
	}

	private long clientKill(WorkerProcess worker, String lock, String type) {
		hold(worker, lock, 1500);
		begin("client kill " + type);
		for (RedisNode node : this.redis.dataNodes()) {
			if (node.isRunning()) {
				node.command("CLIENT", "KILL", "TYPE", type, "SKIPME", "yes");
			}
		}
		return System.nanoTime();
	}

	private long replyLost(Predicate<RedisCommand> match) {
		begin("reply lost");
		return awaitTrigger(proxy().loseNextReply(match));
	}

	private long renewalReplyLost(WorkerProcess worker, String lock) {
		hold(worker, lock, 2 * LEASE / 3 + LEASE / 2);
		begin("renewal reply lost");
		return awaitTrigger(
				proxy().loseNextReply((command) -> command.isScript("renew") || command.isScript("renew-all")));
	}

	private long replyDelayed() {
		begin("reply delayed");
		Duration delay = Duration.ofMillis(TortureTimings.COMMAND_TIMEOUT_MS + 300);
		return awaitTrigger(proxy().delayNextReply((command) -> command.script() != null, delay));
	}

	private long awaitTrigger(java.util.concurrent.CompletableFuture<String> trigger) {
		try {
			String command = trigger.get(TRIGGER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			this.oracle.record("fault-triggered", command.replace('\n', ' '));
			return System.nanoTime();
		}
		catch (TimeoutException ex) {
			proxy().clearFaults();
			return -1;
		}
		catch (Exception ex) {
			proxy().clearFaults();
			this.notes.add("proxy fault failed: " + ex);
			return -1;
		}
	}

	private FaultProxy proxy() {
		return this.redis.proxy().orElseThrow();
	}

	private long holderInterrupted(WorkerProcess worker, String lock) {
		String holder = hold(worker, lock, 3 * LEASE);
		begin(FaultKind.HOLDER_INTERRUPTED + " " + worker.id());
		this.orders.interruptHold(worker);
		if (holder != null) {
			WorkerOrders.awaitUntil(Duration.ofMillis(LEASE), () -> !this.oracle.occupantsOf(lock).containsKey(holder));
		}
		return System.nanoTime();
	}

	private long waiterKilled(int slot, String lock) {
		WorkerProcess waiter = this.workers.get(slot);
		WorkerProcess holderWorker = this.workers.get((slot + 1) % this.workers.size());
		for (int attempt = 0; attempt < 5; attempt++) {
			hold(holderWorker, lock, 1500);
			boolean first = WorkerOrders.awaitUntil(Duration.ofMillis(1200),
					() -> this.queue.isFirst(lock, this.oracle.commands().hget("worker-instances", waiter.id())));
			if (first) {
				begin(FaultKind.WAITER_KILLED_FIRST_IN_QUEUE + " " + waiter.id());
				this.workers.kill(slot);
				// The holder lets go at once, so the lock goes to the dead waiter now:
				// what
				// follows is the cost of the fault alone, not of the hold.
				this.orders.interruptHold(holderWorker);
				return System.nanoTime();
			}
		}
		return -1;
	}

	private String hold(WorkerProcess worker, String lock, long millis) {
		String holder = this.orders.hold(worker, lock, millis);
		if (holder == null) {
			this.notes.add("no hold of " + lock + " by " + worker.id() + " for a fault");
		}
		return holder;
	}

	private void awaitHoldersInsideAtStartGone(FaultKind kind) {
		boolean gone = WorkerOrders.awaitUntil(Duration.ofMillis(4 * LEASE + 5000), () -> {
			for (String lock : this.locks) {
				for (String holder : this.oracle.occupantsOf(lock).keySet()) {
					if (this.insideAtStart.contains(holder)) {
						return false;
					}
				}
			}
			return true;
		});
		if (!gone) {
			this.notes.add("holders inside at the start of " + kind.description() + " were still inside "
					+ (4 * LEASE + 5000) + " ms after it healed");
		}
	}

	private boolean isLockKey(String key) {
		return key != null && key.startsWith("lock:") && !key.contains("}:");
	}

	List<PauseWindow> pauses() {
		synchronized (this.pauses) {
			return List.copyOf(this.pauses);
		}
	}

	List<String> notes() {
		return List.copyOf(this.notes);
	}

	/**
	 * When a worker JVM was paused, by the wall clock all processes share: its own calls
	 * then are not held to their wait time.
	 *
	 * @param worker the worker id
	 * @param from when it was paused
	 * @param to when it was resumed
	 */
	record PauseWindow(String worker, long from, long to) {

	}

}
