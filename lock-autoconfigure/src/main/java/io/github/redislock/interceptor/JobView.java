// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Instant;
import java.util.Map;

import io.github.redislock.store.LockHolder;
import org.jspecify.annotations.Nullable;

/**
 * A scheduled {@code @RedisLock} method as this instance has seen its ticks: a read-only
 * snapshot for operators.
 *
 * @param label the bounded name its locks and meters are reported under
 * @param method the method, as recorded with its locks in the store
 * @param schedule its schedule: {@code cron <expression> (<zone>)},
 * {@code fixed rate <period>} or {@code fixed delay <period>}
 * @param lockName the lock name of its latest tick on this instance, or {@code null}
 * before its first tick here
 * @param runs the ticks this instance ran
 * @param skips the ticks this instance skipped, by reason ({@code ran-elsewhere},
 * {@code busy})
 * @param lastRun the latest tick this instance ran, or {@code null} if none
 * @param lastSkip the latest tick this instance skipped, or {@code null} if none
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record JobView(String label, String method, String schedule, @Nullable String lockName, long runs,
		Map<String, Long> skips, @Nullable Run lastRun, @Nullable Skip lastSkip) {

	/**
	 * A tick this instance ran.
	 *
	 * @param tick the tick's nominal time for a cron schedule; {@code null} for a fixed
	 * rate or delay, whose ticks have none shared by the instances
	 * @param startedAt when the scheduler fired it, on the scheduler's clock
	 * @param holder the process and thread that ran it
	 */
	public record Run(@Nullable Instant tick, Instant startedAt, LockHolder holder) {

	}

	/**
	 * A tick this instance skipped.
	 *
	 * @param tick the tick's nominal time for a cron schedule; {@code null} for a fixed
	 * rate or delay
	 * @param firedAt when the scheduler fired it, on the scheduler's clock
	 * @param reason {@code ran-elsewhere} when another instance had run it, {@code busy}
	 * when the job was still running from an earlier tick
	 */
	public record Skip(@Nullable Instant tick, Instant firedAt, String reason) {

	}

}
