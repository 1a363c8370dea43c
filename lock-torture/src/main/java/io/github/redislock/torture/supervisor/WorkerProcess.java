// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.redislock.torture.worker.TortureWorker;

/**
 * A worker JVM, started on this JVM's class path, that the supervisor can pause, resume
 * and kill.
 *
 * @author redis-lock contributors
 */
final class WorkerProcess {

	private final String id;

	private final String mode;

	private final Process process;

	private volatile boolean paused;

	private WorkerProcess(String id, String mode, Process process) {
		this.id = id;
		this.mode = mode;
		this.process = process;
	}

	/**
	 * Start a worker.
	 * @param id the worker id
	 * @param mode {@code annotation} or {@code programmatic}
	 * @param arguments the worker's other command-line arguments
	 * @param logDirectory where its output goes, one file per worker
	 * @return the running worker
	 */
	static WorkerProcess start(String id, String mode, List<String> arguments, Path logDirectory) {
		String java = ProcessHandle.current().info().command().orElse("java");
		List<String> command = new ArrayList<>(List.of(java, "-Xms64m", "-Xmx384m", "-XX:+UseSerialGC",
				"-XX:TieredStopAtLevel=1", "-cp", classPath(), TortureWorker.class.getName()));
		command.add("--torture.worker=" + id);
		command.add("--torture.mode=" + mode);
		command.addAll(arguments);
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(logDirectory.resolve(id + ".log").toFile())
				.start();
			process.getOutputStream().close();
			return new WorkerProcess(id, mode, process);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start worker " + id, ex);
		}
	}

	private static String classPath() {
		return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
	}

	String id() {
		return this.id;
	}

	String mode() {
		return this.mode;
	}

	long pid() {
		return this.process.pid();
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	void pause() {
		signal("STOP");
		this.paused = true;
	}

	void resume() {
		if (this.paused) {
			signal("CONT");
			this.paused = false;
		}
	}

	/**
	 * Kill with SIGKILL, paused or not, and wait until the process is gone.
	 */
	void kill() {
		this.process.destroyForcibly();
		awaitExit(Duration.ofSeconds(10));
		this.paused = false;
	}

	boolean awaitExit(Duration timeout) {
		try {
			return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	int exitValue() {
		return this.process.exitValue();
	}

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).start();
			if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new IllegalStateException("kill -" + signal + " " + pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while signalling " + this.id, ex);
		}
	}

	@Override
	public String toString() {
		return this.id + " (" + this.mode + ", pid " + pid() + ")";
	}

}
