// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.compat;

import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.annotation.RedisLock;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Service;

/**
 * The smallest application a user writes with the starter: one locked method.
 *
 * @author redis-lock contributors
 */
@SpringBootApplication
public class ConsumerApplication {

	/**
	 * A counter whose read-modify-write only the lock keeps exact.
	 */
	@Service
	public static class Counter {

		private final AtomicInteger inside = new AtomicInteger();

		private final AtomicInteger mostInside = new AtomicInteger();

		private int value;

		@RedisLock(key = "'compat:' + #name", expire = 10, waitTime = 30)
		public void increment(String name) throws InterruptedException {
			this.mostInside.accumulateAndGet(this.inside.incrementAndGet(), Math::max);
			int read = this.value;
			Thread.sleep(1);
			this.value = read + 1;
			this.inside.decrementAndGet();
		}

		public int value() {
			return this.value;
		}

		public int mostInside() {
			return this.mostInside.get();
		}

	}

}
