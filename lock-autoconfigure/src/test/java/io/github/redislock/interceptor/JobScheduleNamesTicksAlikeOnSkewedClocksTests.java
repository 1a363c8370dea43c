// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringValueResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instances whose clocks differ name a cron tick alike, by its nominal time, as long as
 * they fire it within its period; fixed rates and delays share one record per window.
 *
 * @author redis-lock contributors
 */
class JobScheduleNamesTicksAlikeOnSkewedClocksTests {

	private static final Instant TICK = Instant.parse("2026-11-29T02:00:00Z");

	@Test
	void instancesFiringACronTickUpToAPeriodLateNameItByItsNominalTime() {
		JobSchedule schedule = schedule("everyTwoSeconds");
		JobSchedule.Tick onTime = schedule.tickAt(TICK.plusMillis(3));
		assertThat(onTime.suffix()).isEqualTo(":tick:" + TICK.toEpochMilli());
		assertThat(schedule.tickAt(TICK.plusMillis(1900))).isEqualTo(onTime);
		assertThat(schedule.tickAt(TICK.minusMillis(20))).as("fired a moment early").isEqualTo(onTime);
		assertThat(schedule.tickAt(TICK.plusMillis(2003)).suffix()).as("the next tick")
			.isEqualTo(":tick:" + TICK.plusSeconds(2).toEpochMilli());
		assertThat(onTime.kept()).as("kept until every instance fired it").isEqualTo(Duration.ofSeconds(4));
	}

	@Test
	void aNightlyCronTickIsFoundWhenItFiresLateAndKeptForTwoDays() {
		JobSchedule schedule = schedule("nightly");
		JobSchedule.Tick tick = schedule.tickAt(TICK.plus(Duration.ofMinutes(3)));
		assertThat(tick.suffix()).isEqualTo(":tick:" + TICK.toEpochMilli());
		assertThat(tick.kept()).isEqualTo(Duration.ofDays(2));
	}

	@Test
	void aFixedRateSharesOneRecordPerWindowOfAlmostAPeriod() {
		JobSchedule.Tick tick = schedule("fixedRate").tickAt(TICK);
		assertThat(tick.suffix()).isEqualTo(":tick");
		assertThat(tick.kept()).isEqualTo(Duration.ofMillis(4500));
		assertThat(schedule("fixedDelayHours").tickAt(TICK).kept()).as("a tenth of the period, at most a second")
			.isEqualTo(Duration.ofHours(1).minusSeconds(1));
	}

	@Test
	void placeholdersAreResolvedAsSpringsSchedulerResolvesThem() {
		StringValueResolver resolver = (value) -> Map.of("${report.cron}", "0 0 2 * * *", "${report.zone}", "UTC")
			.getOrDefault(value, value);
		JobSchedule schedule = JobSchedule.of(method("fromProperties"), resolver);
		assertThat(schedule).isNotNull();
		assertThat(schedule.tickAt(TICK.plusSeconds(1)).suffix()).isEqualTo(":tick:" + TICK.toEpochMilli());
	}

	@Test
	void aDisabledCronOrSeveralSchedulesHaveNoTicks() {
		assertThat(JobSchedule.of(method("disabled"), null)).isNull();
		assertThat(JobSchedule.of(method("twice"), null)).isNull();
		assertThat(JobSchedule.of(method("notScheduled"), null)).isNull();
	}

	private static JobSchedule schedule(String name) {
		JobSchedule schedule = JobSchedule.of(method(name), null);
		assertThat(schedule).as(name).isNotNull();
		return schedule;
	}

	private static Method method(String name) {
		Method method = ReflectionUtils.findMethod(Jobs.class, name);
		assertThat(method).as(name).isNotNull();
		return method;
	}

	static class Jobs {

		@Scheduled(cron = "*/2 * * * * *", zone = "UTC")
		void everyTwoSeconds() {
		}

		@Scheduled(cron = "0 0 2 * * *", zone = "UTC")
		void nightly() {
		}

		@Scheduled(fixedRate = 5000)
		void fixedRate() {
		}

		@Scheduled(fixedDelayString = "PT1H")
		void fixedDelayHours() {
		}

		@Scheduled(cron = "${report.cron}", zone = "${report.zone}")
		void fromProperties() {
		}

		@Scheduled(cron = Scheduled.CRON_DISABLED)
		void disabled() {
		}

		@Scheduled(fixedRate = 1000)
		@Scheduled(cron = "0 0 2 * * *")
		void twice() {
		}

		void notScheduled() {
		}

	}

}
