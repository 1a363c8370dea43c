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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lettuce.core.api.sync.RedisCommands;

import io.github.redislock.redis.RedisLockKeys;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;
import io.github.redislock.torture.proxy.FaultProxy;
import io.github.redislock.torture.proxy.RedisCommand;

/**
 * Injects one fault at a time while locks are in use, heals it, and measures how soon
 * every lock can be acquired again. Each fault is placed in the oracle's sequence from
 * just before it starts until every holder inside at its start has left, so that the
 * summary can tell overlaps it explains from those nothing explains.
 *
 * @author redis-lock contributors
 */
final class FaultInjector {

	private static final long LEASE = TortureTimings.LEASE_MS;

	private static final Duration TRIGGER_TIMEOUT = Duration.ofSeconds(15);

	private static final Pattern PID = Pattern.compile("\"pid\":(\\d+)");

	private final Oracle oracle;

	private final FaultProxy proxy;

	private final RedisNode redis;

	private final RedisCommands<String, String> redisCommands;

	private final RedisLockKeys keys;

	private final Workers workers;

	private final RecoveryProbe probe;

	private final List<String> locks;

	private final AtomicLong holds = new AtomicLong();

	private final List<PauseWindow> pauses = new ArrayList<>();

	private final List<String> notes = new ArrayList<>();

	private Set<String> insideAtStart = Set.of();

	private long startSequence;

	FaultInjector(Oracle oracle, FaultProxy proxy, RedisNode redis, RedisCommands<String, String> redisCommands,
			RedisLockKeys keys, Workers workers, RecoveryProbe probe, List<String> locks) {
		this.oracle = oracle;
		this.proxy = proxy;
		this.redis = redis;
		this.redisCommands = redisCommands;
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
		};
		if (healedAt < 0) {
			this.notes.add(kind.description() + " on " + target + " was not triggered");
			return null;
		}
		if (kind != FaultKind.HOLDER_PAUSED && kind != FaultKind.HOLDER_KILLED) {
			// A hold that outlasts the fault is legitimately held, not a cost of the
			// fault:
			// it ends now, so that the recovery measured is the fault's own.
			for (int other = 0; other < this.workers.size(); other++) {
				WorkerProcess live = this.workers.get(other);
				if (live.isAlive()) {
					this.oracle.commands().rpush("control:" + live.id(), "interrupt-hold");
				}
			}
		}
		long recovery = this.probe.acquireAll(healedAt, kind.description() + " on " + target);
		awaitHoldersInsideAtStartGone(kind);
		long endSequence = this.oracle.record("fault-end", kind.name() + " " + target);
		if (kind == FaultKind.HOLDER_KILLED || kind == FaultKind.WAITER_KILLED_FIRST_IN_QUEUE) {
			this.workers.replace(slot);
		}
		return new InjectedFault(kind, target, this.insideAtStart.size(), this.startSequence, endSequence, recovery);
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
		sleep(2 * LEASE);
		worker.resume();
		synchronized (this.pauses) {
			this.pauses.add(new PauseWindow(worker.id(), from, System.currentTimeMillis()));
		}
		return System.nanoTime();
	}

	private long redisRestartedEmpty(WorkerProcess worker, String lock) {
		hold(worker, lock, 2000);
		begin(FaultKind.REDIS_RESTARTED_EMPTY.name());
		this.redis.kill();
		sleep(500);
		this.redis.restart();
		return System.nanoTime();
	}

	private long redisPaused(WorkerProcess worker, String lock, long millis) {
		hold(worker, lock, 2000);
		begin("redis paused " + millis + " ms");
		this.redis.pause();
		sleep(millis);
		this.redis.resume();
		return System.nanoTime();
	}

	private long clientKill(WorkerProcess worker, String lock, String type) {
		hold(worker, lock, 1500);
		begin("client kill " + type);
		this.redis.command("CLIENT", "KILL", "TYPE", type, "SKIPME", "yes");
		return System.nanoTime();
	}

	private long replyLost(Predicate<RedisCommand> match) {
		begin("reply lost");
		return awaitTrigger(this.proxy.loseNextReply(match));
	}

	private long renewalReplyLost(WorkerProcess worker, String lock) {
		hold(worker, lock, 2 * LEASE / 3 + LEASE / 2);
		begin("renewal reply lost");
		return awaitTrigger(
				this.proxy.loseNextReply((command) -> command.isScript("renew") || command.isScript("renew-all")));
	}

	private long replyDelayed() {
		begin("reply delayed");
		Duration delay = Duration.ofMillis(TortureTimings.COMMAND_TIMEOUT_MS + 300);
		return awaitTrigger(this.proxy.delayNextReply((command) -> command.script() != null, delay));
	}

	private long awaitTrigger(java.util.concurrent.CompletableFuture<String> trigger) {
		try {
			String command = trigger.get(TRIGGER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			this.oracle.record("fault-triggered", command.replace('\n', ' '));
			return System.nanoTime();
		}
		catch (TimeoutException ex) {
			this.proxy.clearFaults();
			return -1;
		}
		catch (Exception ex) {
			this.proxy.clearFaults();
			this.notes.add("proxy fault failed: " + ex);
			return -1;
		}
	}

	private long holderInterrupted(WorkerProcess worker, String lock) {
		String holder = hold(worker, lock, 3 * LEASE);
		begin(FaultKind.HOLDER_INTERRUPTED + " " + worker.id());
		this.oracle.commands().rpush("control:" + worker.id(), "interrupt-hold");
		if (holder != null) {
			awaitUntil(Duration.ofMillis(LEASE), () -> !this.oracle.occupantsOf(lock).containsKey(holder));
		}
		return System.nanoTime();
	}

	private long waiterKilled(int slot, String lock) {
		WorkerProcess waiter = this.workers.get(slot);
		WorkerProcess holderWorker = this.workers.get((slot + 1) % this.workers.size());
		for (int attempt = 0; attempt < 5; attempt++) {
			hold(holderWorker, lock, 1500);
			boolean first = awaitUntil(Duration.ofMillis(1200), () -> isFirstWaiter(lock, waiter.pid()));
			if (first) {
				begin(FaultKind.WAITER_KILLED_FIRST_IN_QUEUE + " " + waiter.id());
				this.workers.kill(slot);
				// The holder lets go at once, so the lock goes to the dead waiter now:
				// what
				// follows is the cost of the fault alone, not of the hold.
				this.oracle.commands().rpush("control:" + holderWorker.id(), "interrupt-hold");
				return System.nanoTime();
			}
		}
		return -1;
	}

	private boolean isFirstWaiter(String lock, long pid) {
		Map<String, String> waiters = this.redisCommands.hgetall(this.keys.waitersKey(lock));
		String first = null;
		long firstArrival = Long.MAX_VALUE;
		for (String entry : waiters.values()) {
			long arrival = Long.parseLong(entry.substring(0, entry.indexOf(' ')));
			if (arrival < firstArrival) {
				firstArrival = arrival;
				first = entry;
			}
		}
		if (first == null) {
			return false;
		}
		Matcher matcher = PID.matcher(first);
		return matcher.find() && Long.parseLong(matcher.group(1)) == pid;
	}

	/**
	 * Have a worker hold a lock for a while, through its API, and wait until it is
	 * inside.
	 * @return the holder id, or {@code null} if it did not get in
	 */
	private String hold(WorkerProcess worker, String lock, long millis) {
		for (int attempt = 0; attempt < 3; attempt++) {
			String holder = worker.id() + "/hold/" + this.holds.incrementAndGet();
			this.oracle.commands().rpush("control:" + worker.id(), "hold " + lock + " " + millis + " " + holder);
			if (awaitUntil(Duration.ofMillis(TortureTimings.WAIT_MS + 3000),
					() -> this.oracle.occupantsOf(lock).containsKey(holder))) {
				return holder;
			}
		}
		this.notes.add("no hold of " + lock + " by " + worker.id() + " for a fault");
		return null;
	}

	private void awaitHoldersInsideAtStartGone(FaultKind kind) {
		boolean gone = awaitUntil(Duration.ofMillis(4 * LEASE + 5000), () -> {
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

	private static boolean awaitUntil(Duration timeout, java.util.function.BooleanSupplier condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (condition.getAsBoolean()) {
				return true;
			}
			sleep(10);
		}
		return condition.getAsBoolean();
	}

	/**
	 * Let a fault last: the sleep is the fault's duration, not a wait for a condition.
	 */
	private static void sleep(long millis) {
		try {
			TimeUnit.MILLISECONDS.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted", ex);
		}
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
