// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Sends POSIX signals to processes and waits for them to exit.
 * <p>
 * {@link Process} only offers SIGTERM ({@code destroy}) and SIGKILL
 * ({@code destroyForcibly}); pausing a server needs SIGSTOP and SIGCONT, which this class
 * sends through the {@code kill} command so that no native code is needed.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ProcessSignals {

	private static final Duration KILL_COMMAND_TIMEOUT = Duration.ofSeconds(5);

	private ProcessSignals() {
	}

	/**
	 * Send a signal with {@code kill -SIGNAL pid}.
	 * @param signal the signal name without {@code SIG}, such as {@code STOP}
	 * @param pid the target process
	 * @throws IllegalStateException if {@code kill} fails
	 */
	static void send(String signal, long pid) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true)
				.start();
			kill.getOutputStream().close();
			if (!awaitExit(kill, KILL_COMMAND_TIMEOUT)) {
				kill.destroyForcibly();
				throw new IllegalStateException("kill -" + signal + " " + pid + " did not finish");
			}
			if (kill.exitValue() != 0) {
				String output = new String(kill.getInputStream().readAllBytes()).trim();
				throw new IllegalStateException("kill -" + signal + " " + pid + " failed: " + output);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot run kill -" + signal + " " + pid, ex);
		}
	}

	/**
	 * Start a process in a directory, its output appended to a log file and its input
	 * closed.
	 * @param builder the command, with any environment set
	 * @param directory the working directory
	 * @param log the file that receives standard output and error
	 * @return the started process
	 */
	static Process start(ProcessBuilder builder, Path directory, Path log) {
		builder.directory(directory.toFile()).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()));
		try {
			Process started = builder.start();
			started.getOutputStream().close();
			return started;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + String.join(" ", builder.command()), ex);
		}
	}

	/**
	 * Ask a process to exit with a signal, and kill it with SIGKILL if it has not exited
	 * within the timeout.
	 * @param process the process, not paused (a stopped process ignores most signals)
	 * @param signal the signal name without {@code SIG}, such as {@code TERM}
	 * @param timeout how long to wait for each signal
	 * @return whether the process exited on the signal
	 */
	static boolean stop(Process process, String signal, Duration timeout) {
		if ("TERM".equals(signal)) {
			process.destroy();
		}
		else {
			send(signal, process.pid());
		}
		if (awaitExit(process, timeout)) {
			return true;
		}
		process.destroyForcibly();
		awaitExit(process, timeout);
		return false;
	}

	/**
	 * Wait for a process to exit.
	 * @param process the process
	 * @param timeout how long to wait at most
	 * @return whether the process exited in time
	 */
	static boolean awaitExit(Process process, Duration timeout) {
		try {
			return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return !process.isAlive();
		}
	}

	/**
	 * Return whether a process is gone: exited, or a zombie that only waits to be reaped
	 * by whoever adopted it.
	 * @param pid the process id
	 * @return whether the process no longer runs
	 */
	static boolean isGone(long pid) {
		boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
		return !alive || isZombie(pid);
	}

	private static boolean isZombie(long pid) {
		Path stat = Path.of("/proc", Long.toString(pid), "stat");
		try (InputStream in = Files.newInputStream(stat)) {
			String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			int endOfName = content.lastIndexOf(')');
			return endOfName > 0 && content.length() > endOfName + 2 && content.charAt(endOfName + 2) == 'Z';
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
	}

}
