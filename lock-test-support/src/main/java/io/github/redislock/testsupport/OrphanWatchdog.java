// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Kills a redis-server and removes its directory when the JVM that started it dies, even
 * by SIGKILL, when no shutdown hook runs.
 * <p>
 * The watchdog is a small {@code sh} process whose stdin is a pipe from this JVM. It
 * blocks in {@code read}, without polling; the pipe only reaches end-of-file when the
 * kernel closes the JVM's end, that is when the JVM is gone, and then the shell sends
 * SIGKILL to the server (SIGKILL also ends a SIGSTOPped process) and deletes its
 * directory. While the JVM lives the fixture stops servers itself and then
 * {@link #disarm() disarms} the watchdog. Before killing, the shell checks that the pid
 * still belongs to a redis process, so a recycled pid is never hit.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class OrphanWatchdog {

	private static final String SCRIPT = String.join("\n", "read ignored",
			"command=$(ps -o comm= -p \"$1\" 2>/dev/null) || command=redis", "case \"$command\" in",
			"  *redis*) kill -CONT \"$1\" 2>/dev/null; kill -KILL \"$1\" 2>/dev/null ;;", "esac", "rm -rf \"$2\"");

	private final Process shell;

	private OrphanWatchdog(Process shell) {
		this.shell = shell;
	}

	/**
	 * Start a watchdog for a server process.
	 * @param pid the server process id
	 * @param directory the server's private directory, deleted with it
	 * @return the armed watchdog
	 */
	static OrphanWatchdog guard(long pid, Path directory) {
		ProcessBuilder builder = new ProcessBuilder("sh", "-c", SCRIPT, "redis-watchdog", Long.toString(pid),
				directory.toAbsolutePath().toString());
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
