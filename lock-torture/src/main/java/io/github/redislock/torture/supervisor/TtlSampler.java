// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Looks at every key of the lock Redis a few times a second for one without a TTL: such a
 * key would outlive its holder forever (the token counters, one per hash slot, never
 * expire by design). Scripts run atomically, so a key that lacks a TTL only inside a
 * script is never seen; any key seen without one is a defect.
 *
 * @author redis-lock contributors
 */
final class TtlSampler implements AutoCloseable {

	private static final long INTERVAL_MS = 100;

	private final StringRedisTemplate redis;

	private final String pattern;

	private final Set<String> keysWithoutTtl = ConcurrentHashMap.newKeySet();

	private final Thread thread;

	private volatile boolean running = true;

	private volatile long samples;

	TtlSampler(StringRedisTemplate redis, String keyPrefix) {
		this.redis = redis;
		this.pattern = keyPrefix + "*";
		this.thread = new Thread(this::sample, "torture-ttl-sampler");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	private void sample() {
		while (this.running) {
			try {
				sampleOnce();
				this.samples++;
				Thread.sleep(INTERVAL_MS);
			}
			catch (InterruptedException ex) {
				break;
			}
			catch (RuntimeException ex) {
				// Redis is down or paused: a fault at work, not a finding.
				pause();
			}
		}
	}

	private void sampleOnce() {
		Set<String> keys = this.redis.keys(this.pattern);
		for (String key : keys) {
			Long ttl = this.redis.getExpire(key, TimeUnit.MILLISECONDS);
			if (ttl != null && ttl == -1 && !key.endsWith(":fence-counter")) {
				this.keysWithoutTtl.add(key);
			}
		}
	}

	private static void pause() {
		try {
			Thread.sleep(INTERVAL_MS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	Set<String> keysWithoutTtl() {
		return Set.copyOf(this.keysWithoutTtl);
	}

	long samples() {
		return this.samples;
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(5000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
