// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Kills a server process (redis-server or postgres) and removes its directory when the
 * JVM that started it dies, even by SIGKILL, when no shutdown hook runs.
 * <p>
 * The watchdog is a small {@code sh} process whose stdin is a pipe from this JVM. It
 * blocks in {@code read}, without polling; the pipe only reaches end-of-file when the
 * kernel closes the JVM's end, that is when the JVM is gone, and then the shell resumes
 * the server (a SIGSTOPped process only acts on SIGKILL), sends it its signal, gives it
 * up to 5 s to exit, sends SIGKILL, and deletes its directory. A redis-server gets
 * SIGKILL at once; a postmaster gets SIGQUIT first, so that it takes its backends and
 * shared memory down with it. While the JVM lives the fixture stops servers itself and
 * then {@link #disarm() disarms} the watchdog. Before signalling, the shell checks that
 * the pid still belongs to a process of the expected name, so a recycled pid is never
 * hit.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class OrphanWatchdog {

	private static final String SCRIPT = String.join("\n", "read ignored",
			"command=$(ps -o comm= -p \"$1\" 2>/dev/null) || command=\"$3\"", "case \"$command\" in",
			"  *\"$3\"*) kill -CONT \"$1\" 2>/dev/null; kill -\"$4\" \"$1\" 2>/dev/null",
			"    i=0; while [ $i -lt 50 ] && kill -0 \"$1\" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done",
			"    kill -KILL \"$1\" 2>/dev/null ;;", "esac", "rm -rf \"$2\"");

	private final Process shell;

	private OrphanWatchdog(Process shell) {
		this.shell = shell;
	}

	/**
	 * Start a watchdog for a redis-server process.
	 * @param pid the server process id
	 * @param directory the server's private directory, deleted with it
	 * @return the armed watchdog
	 */
	static OrphanWatchdog guard(long pid, Path directory) {
		return guard(pid, directory, "redis", "KILL");
	}

	/**
	 * Start a watchdog for a server process.
	 * @param pid the server process id
	 * @param directory the server's private directory, deleted with it
	 * @param commandName part of the process name the pid must still have
	 * @param signal the first signal sent, without {@code SIG}; SIGKILL follows if the
	 * process is still there 5 s later
	 * @return the armed watchdog
	 */
	static OrphanWatchdog guard(long pid, Path directory, String commandName, String signal) {
		ProcessBuilder builder = new ProcessBuilder("sh", "-c", SCRIPT, commandName + "-watchdog", Long.toString(pid),
				directory.toAbsolutePath().toString(), commandName, signal);
		builder.redirectOutput(Redirect.DISCARD).redirectError(Redirect.DISCARD);
		try {
			// The pipe to the shell's stdin is deliberately left open: closing it (or
			// this JVM dying) is the trigger.
			return new OrphanWatchdog(builder.start());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start the orphan watchdog for pid " + pid, ex);
		}
	}

	/**
	 * Stop watching: ends the shell without letting it act.
	 */
	void disarm() {
		this.shell.destroyForcibly();
		ProcessSignals.awaitExit(this.shell, Duration.ofSeconds(5));
	}

	/**
	 * Return the pid of the watchdog shell.
	 * @return the pid
	 */
	long pid() {
		return this.shell.pid();
	}

}
