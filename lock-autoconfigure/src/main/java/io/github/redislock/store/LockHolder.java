// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.store;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.jspecify.annotations.Nullable;

/**
 * Who takes a lock, as a store records it next to the owner token so that an operator
 * looking at the store can tell which process, thread and method holds it. The owner
 * token itself says nothing of its holder: it is random, so that no other process can
 * forge it.
 *
 * @param host the host name of the holder's process
 * @param pid the id of the holder's process
 * @param thread the name of the thread taking the lock, or {@code #} and its id when it
 * has none (virtual threads)
 * @param method what takes the lock: the {@code @RedisLock} method, whatever a
 * programmatic caller names, or {@code null} for nothing
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockHolder(String host, long pid, String thread, @Nullable String method) {

	/**
	 * Describe the current thread of this process as the holder.
	 * @param method what takes the lock, or {@code null}
	 * @return the holder
	 */
	public static LockHolder currentThread(@Nullable String method) {
		return new LockHolder(ThisProcess.HOST, ThisProcess.PID, threadName(Thread.currentThread()), method);
	}

	/**
	 * Return how a holder thread is named to operators: its name, or {@code #} and its id
	 * when it has none, as virtual threads do.
	 * @param thread the thread
	 * @return the name shown
	 */
	public static String threadName(Thread thread) {
		String name = thread.getName();
		return name.isEmpty() ? "#" + thread.getId() : name;
	}

	/** Looked up once, on first use: the host name may take a name-service lookup. */
	private static final class ThisProcess {

		static final String HOST = host();

		static final long PID = ProcessHandle.current().pid();

		/**
		 * The name containers and most shells set, else the name of the local address.
		 */
		private static String host() {
			String host = System.getenv("HOSTNAME");
			if (host == null || host.isBlank()) {
				host = System.getenv("COMPUTERNAME");
			}
			if (host != null && !host.isBlank()) {
				return host;
			}
			try {
				return InetAddress.getLocalHost().getHostName();
			}
			catch (UnknownHostException | SecurityException ex) {
				return "unknown";
			}
		}

	}

}
