// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.spi.LoggingEventBuilder;

import io.github.redislock.core.LockLostEvent;

/**
 * Reports lost leases, in order per lock: a WARN log, then the listener, user code that
 * may be slow or throw, on the finding thread or, where it must not wait, one of its own.
 *
 * @author redis-lock contributors
 */
final class LockLostDispatcher implements AutoCloseable {

	private static final Logger logger = ClientLog.logger;

	private final Consumer<LockLostEvent> listener;

	private final ExecutorService events;

	/** Events queued or being told, per lock name: keeps a lock's losses in order. */
	private final ConcurrentMap<String, Integer> pending = new ConcurrentHashMap<>();

	LockLostDispatcher(Consumer<LockLostEvent> listener, EngineRuntime runtime) {
		this.listener = listener;
		this.events = runtime.threads("redis-lock-lost-events", 1);
	}

	/** Still one at a time; the listener may block. */
	void useThreads(ThreadFactory threads) {
		if (this.events instanceof ThreadPoolExecutor pool) {
			pool.setThreadFactory(threads);
		}
	}

	/** For a thread that must not wait for the listener. */
	void reportLater(LockLostEvent event) {
		log(event);
		tellLater(event);
	}

	/** On the caller's thread, unless earlier losses of the lock are still queued. */
	void reportNow(LockLostEvent event) {
		log(event);
		if (this.pending.containsKey(event.lockName())) {
			tellLater(event);
		}
		else {
			tell(event);
		}
	}

	private void tellLater(LockLostEvent event) {
		this.pending.merge(event.lockName(), 1, Integer::sum);
		try {
			this.events.execute(() -> {
				try {
					tell(event);
				}
				finally {
					told(event);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			// Closed: better told late on this thread than not at all.
			told(event);
			tell(event);
		}
	}

	private void told(LockLostEvent event) {
		this.pending.computeIfPresent(event.lockName(), (name, count) -> (count > 1) ? count - 1 : null);
	}

	private void tell(LockLostEvent event) {
		try {
			this.listener.accept(event);
		}
		catch (RuntimeException ex) {
			logger.atWarn()
				.addKeyValue(ClientLog.NAME, event.lockName())
				.addKeyValue(ClientLog.OUTCOME, "listener_failed")
				.setCause(ex)
				.log("Lost lease listener failed for lock '{}'", event.lockName());
		}
	}

	private static void log(LockLostEvent event) {
		if (!logger.isWarnEnabled()) {
			return;
		}
		LoggingEventBuilder warning = logger.atWarn()
			.addKeyValue(ClientLog.NAME, event.lockName())
			.addKeyValue(ClientLog.OUTCOME, "lost");
		if (event.fencingToken() != 0) {
			warning.addKeyValue(ClientLog.FENCING_TOKEN, event.fencingToken())
				.log("Lock '{}' (fencing token {}) was lost: {}", event.lockName(), event.fencingToken(),
						event.reason());
		}
		else {
			warning.log("Lock '{}' was lost: {}", event.lockName(), event.reason());
		}
	}

	/** Events already queued are still told. */
	@Override
	public void close() {
		this.events.shutdown();
	}

}
