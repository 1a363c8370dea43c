// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A loss interrupts the method's thread only until the method returned.
 *
 * @author redis-lock contributors
 */
class WorkInterrupterTests {

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	@Test
	void lossWhileTheMethodRunsInterruptsItsThread() {
		CompletableFuture<Void> lost = new CompletableFuture<>();
		WorkInterrupter interrupter = WorkInterrupter.interruptOn(lost);
		lost.complete(null);
		assertThat(Thread.currentThread().isInterrupted()).isTrue();
		assertThat(interrupter.stop()).isTrue();
	}

	@Test
	void lossFoundAfterTheMethodReturnedLeavesTheThreadAlone() {
		CompletableFuture<Void> lost = new CompletableFuture<>();
		WorkInterrupter interrupter = WorkInterrupter.interruptOn(lost);
		assertThat(interrupter.stop()).isFalse();
		lost.complete(null);
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

}
