// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.TimeZone;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.support.CronExpression;
import org.springframework.util.StringUtils;
import org.springframework.util.StringValueResolver;

/**
 * The schedule of a {@code @Scheduled} method, read as Spring's scheduler reads it, to
 * name each of its ticks the same on every instance whatever their clocks say: a cron
 * tick by its nominal time, a fixed rate or delay by a window counted on Redis's clock.
 *
 * @author redis-lock contributors
 */
final class JobSchedule {

	/** Spring's scheduler may fire a moment before the nominal time by its clock. */
	private static final Duration EARLY_FIRE = Duration.ofMillis(50);

	private final @Nullable CronExpression cron;

	private final ZoneId zone;

	private final Duration period;

	private final String description;

	private JobSchedule(@Nullable CronExpression cron, ZoneId zone, Duration period, String description) {
		this.cron = cron;
		this.zone = zone;
		this.period = period;
		this.description = description;
	}

	/**
	 * {@code null} unless the method has exactly one {@code @Scheduled}; several
	 * schedules share no tick.
	 */
	static @Nullable JobSchedule of(Method method, @Nullable StringValueResolver resolver) {
		Set<Scheduled> schedules = AnnotatedElementUtils.getMergedRepeatableAnnotations(method, Scheduled.class);
		if (schedules.size() != 1) {
			return null;
		}
		Scheduled scheduled = schedules.iterator().next();
		String cron = resolve(scheduled.cron(), resolver);
		if (StringUtils.hasText(cron)) {
			if (Scheduled.CRON_DISABLED.equals(cron)) {
				return null;
			}
			String zone = resolve(scheduled.zone(), resolver);
			ZoneId zoneId = StringUtils.hasText(zone) ? ZoneId.of(zone) : TimeZone.getDefault().toZoneId();
			return new JobSchedule(CronExpression.parse(cron), zoneId, Duration.ZERO,
					"cron " + cron.trim() + " (" + zoneId + ")");
		}
		ChronoUnit unit = scheduled.timeUnit().toChronoUnit();
		String kind = "fixed rate ";
		Duration period = period(scheduled.fixedRate(), scheduled.fixedRateString(), unit, resolver);
		if (period == null) {
			kind = "fixed delay ";
			period = period(scheduled.fixedDelay(), scheduled.fixedDelayString(), unit, resolver);
		}
		return (period != null && !period.isNegative() && !period.isZero())
				? new JobSchedule(null, ZoneId.systemDefault(), period, kind + period) : null;
	}

	private static @Nullable Duration period(long value, String text, ChronoUnit unit,
			@Nullable StringValueResolver resolver) {
		if (value >= 0) {
			return Duration.of(value, unit);
		}
		String resolved = resolve(text, resolver);
		return StringUtils.hasText(resolved) ? DurationStyle.detectAndParse(resolved.trim(), unit) : null;
	}

	private static String resolve(String value, @Nullable StringValueResolver resolver) {
		if (resolver == null || !StringUtils.hasText(value)) {
			return value;
		}
		String resolved = resolver.resolveStringValue(value);
		return (resolved != null) ? resolved : "";
	}

	/** The tick that fires at {@code now} on the scheduler's clock. */
	Tick tickAt(Instant now) {
		CronExpression cron = this.cron;
		if (cron == null) {
			// Runs of one window start at least a period less a tenth apart, on Redis's
			// clock: another instance's run of the same window finds the tick taken.
			Duration slack = this.period.dividedBy(10);
			return new Tick(":tick",
					this.period.minus((slack.compareTo(Duration.ofSeconds(1)) > 0) ? Duration.ofSeconds(1) : slack),
					null);
		}
		ZonedDateTime firing = ZonedDateTime.ofInstant(now.plus(EARLY_FIRE), this.zone);
		ZonedDateTime tick = latestUpTo(cron, firing);
		ZonedDateTime next = cron.next(tick);
		Duration period = (next != null) ? Duration.between(tick, next) : Duration.ofDays(1);
		// Kept until every instance, whose clock may be up to a period behind, fired it.
		return new Tick(":tick:" + tick.toInstant().toEpochMilli(), period.multipliedBy(2), tick.toInstant());
	}

	private static ZonedDateTime latestUpTo(CronExpression cron, ZonedDateTime time) {
		Duration back = Duration.ofSeconds(1);
		for (int i = 0; i < 40; i++) {
			ZonedDateTime candidate = cron.next(time.minus(back));
			if (candidate != null && !candidate.isAfter(time)) {
				ZonedDateTime next = cron.next(candidate);
				while (next != null && !next.isAfter(time)) {
					candidate = next;
					next = cron.next(candidate);
				}
				return candidate;
			}
			back = back.multipliedBy(2);
		}
		return time.truncatedTo(ChronoUnit.SECONDS);
	}

	/**
	 * The schedule as an operator reads it: {@code cron <expression> (<zone>)},
	 * {@code fixed rate <period>} or {@code fixed delay <period>}, periods in ISO-8601.
	 */
	@Override
	public String toString() {
		return this.description;
	}

	/**
	 * One tick: the suffix of the lock name that records it was run, how long that record
	 * stays, and the nominal time of a cron tick ({@code null} for a fixed rate or delay,
	 * whose ticks are windows on Redis's clock).
	 */
	record Tick(String suffix, Duration kept, @Nullable Instant nominal) {
	}

}
