// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Interrupts the thread running a locked method when its lease is found lost, and never
 * once the method returned: {@link #stop()} waits out an interrupt under way, as
 * {@code FutureTask} does for {@code cancel(true)}, so none lands on the caller's code.
 *
 * @author redis-lock contributors
 */
final class WorkInterrupter {

	private static final int RUNNING = 0;

	private static final int INTERRUPTING = 1;

	private static final int INTERRUPTED = 2;

	private static final int STOPPED = 3;

	private final Thread thread;

	private final AtomicInteger state = new AtomicInteger(RUNNING);

	private WorkInterrupter(Thread thread) {
		this.thread = thread;
	}

	/** Interrupts the current thread once {@code lost} completes, until stopped. */
	static WorkInterrupter interruptOn(CompletionStage<?> lost) {
		WorkInterrupter interrupter = new WorkInterrupter(Thread.currentThread());
		lost.thenRun(interrupter::interrupt);
		return interrupter;
	}

	private void interrupt() {
		if (this.state.compareAndSet(RUNNING, INTERRUPTING)) {
			try {
				this.thread.interrupt();
			}
			finally {
				this.state.set(INTERRUPTED);
			}
		}
	}

	/** Called once the method returned; whether it was interrupted for the loss. */
	boolean stop() {
		if (this.state.compareAndSet(RUNNING, STOPPED)) {
			return false;
		}
		while (this.state.get() == INTERRUPTING) {
			Thread.onSpinWait();
		}
		return true;
	}

}
