// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.redislock.torture.oracle.Oracle;

/**
 * The worker JVMs of a run, one per slot: even slots lock through {@code @RedisLock}, odd
 * ones through the programmatic API. A killed worker is replaced by a new one in its
 * slot, under a new id, so that the load goes on.
 *
 * @author redis-lock contributors
 */
final class Workers implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private final WorkerProcess[] slots;

	private final int[] generations;

	private final List<String> arguments;

	private final Path logDirectory;

	private final Oracle oracle;

	private final List<String> locks;

	private final List<String> unexpectedExits = new ArrayList<>();

	Workers(int count, List<String> arguments, Path logDirectory, Oracle oracle, List<String> locks) {
		this.slots = new WorkerProcess[count];
		this.generations = new int[count];
		this.arguments = arguments;
		this.logDirectory = logDirectory;
		this.oracle = oracle;
		this.locks = locks;
	}

	void startAll() {
		for (int slot = 0; slot < this.slots.length; slot++) {
			this.slots[slot] = launch(slot);
		}
		for (WorkerProcess worker : this.slots) {
			awaitRegistered(worker);
		}
	}

	private WorkerProcess launch(int slot) {
		String id = "w" + slot + "." + this.generations[slot]++;
		return WorkerProcess.start(id, (slot % 2 == 0) ? "annotation" : "programmatic", this.arguments,
				this.logDirectory);
	}

	private void awaitRegistered(WorkerProcess worker) {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (Long.toString(worker.pid()).equals(this.oracle.commands().hget("workers", worker.id()))) {
				return;
			}
			if (!worker.isAlive()) {
				throw new IllegalStateException("Worker " + worker + " exited with " + worker.exitValue()
						+ " while starting; see " + this.logDirectory.resolve(worker.id() + ".log"));
			}
			WorkerOrders.pause(100);
		}
		throw new IllegalStateException("Worker " + worker + " did not start within " + START_TIMEOUT.toSeconds()
				+ " s; see " + this.logDirectory.resolve(worker.id() + ".log"));
	}

	int size() {
		return this.slots.length;
	}

	WorkerProcess get(int slot) {
		return this.slots[slot];
	}

	/**
	 * Kill the worker in a slot, take its holders out of the oracle, and start a new one
	 * in its place.
	 * @param slot the slot
	 * @return the process killed
	 */
	WorkerProcess kill(int slot) {
		WorkerProcess killed = this.slots[slot];
		killed.kill();
		this.oracle.evict(killed.id(), this.locks);
		return killed;
	}

	/**
	 * Start a new worker in a slot whose worker was killed, and wait until it runs.
	 * @param slot the slot
	 */
	void replace(int slot) {
		this.slots[slot] = launch(slot);
		awaitRegistered(this.slots[slot]);
	}

	/**
	 * Record every worker that exited although nobody killed or stopped it, and put a new
	 * one in its place.
	 */
	void replaceUnexpectedlyExited() {
		for (int slot = 0; slot < this.slots.length; slot++) {
			WorkerProcess worker = this.slots[slot];
			if (!worker.isAlive()) {
				this.unexpectedExits.add(worker + " exited with " + worker.exitValue());
				this.oracle.evict(worker.id(), this.locks);
				replace(slot);
			}
		}
	}

	/**
	 * Ask every worker to stop and wait for each to close its application and report.
	 * @param timeout how long to wait for each
	 * @return the workers that did not stop in time (then killed), or exited with an
	 * error
	 */
	Map<String, String> stopAll(Duration timeout) {
		for (WorkerProcess worker : this.slots) {
			this.oracle.commands().rpush("control:" + worker.id(), "stop");
		}
		Map<String, String> failures = new LinkedHashMap<>();
		long deadline = System.nanoTime() + timeout.toNanos();
		for (WorkerProcess worker : this.slots) {
			Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
			if (!worker.awaitExit(left)) {
				worker.kill();
				failures.put(worker.id(), "did not stop within " + timeout.toSeconds() + " s");
			}
			else if (worker.exitValue() != 0) {
				failures.put(worker.id(), "exited with " + worker.exitValue());
			}
		}
		return failures;
	}

	List<String> ids() {
		return List.of(this.slots).stream().map(WorkerProcess::id).toList();
	}

	List<String> unexpectedExits() {
		return List.copyOf(this.unexpectedExits);
	}

	@Override
	public void close() {
		for (WorkerProcess worker : this.slots) {
			if (worker != null && worker.isAlive()) {
				worker.kill();
			}
		}
	}

}
