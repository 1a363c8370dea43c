// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockOperations;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.ScheduledAnnotationBeanPostProcessor;

/**
 * Runs each tick of a {@code @Scheduled} method on one instance: the first to fire a tick
 * records it in the store, as a lock kept after its release; every other instance firing
 * it, however late its clock, skips it.
 *
 * @author redis-lock contributors
 */
final class ScheduledJobs {

	/** Why a tick was skipped, as the meters tag it. */
	static final String RAN_ELSEWHERE = "ran-elsewhere";

	static final String BUSY = "busy";

	private static final Log logger = LogFactory.getLog(ScheduledJobs.class);

	private final Supplier<LockOperations> locks;

	private final Supplier<Clock> schedulerClock;

	private final @Nullable JobRuns runs;

	ScheduledJobs(Supplier<LockOperations> locks, Supplier<Clock> schedulerClock, @Nullable JobRuns runs) {
		this.locks = locks;
		this.schedulerClock = schedulerClock;
		this.runs = runs;
	}

	/**
	 * The job's lock, if this instance runs the tick; empty if the tick ran, or runs,
	 * elsewhere, or the job is still running from an earlier tick.
	 */
	Optional<AcquiredLock> acquireTick(RedisLockOperation operation, JobSchedule schedule, LockDefinition job,
			LockInstrumentation instrumentation) {
		try {
			return acquire(operation, schedule, job, instrumentation);
		}
		catch (LockClientClosedException ex) {
			// The instance is shutting down: the tick is for another instance to run.
			if (logger.isDebugEnabled()) {
				logger.debug("Did not run a tick of scheduled job '" + job.label() + "': the lock client is closed");
			}
			return Optional.empty();
		}
	}

	private Optional<AcquiredLock> acquire(RedisLockOperation operation, JobSchedule schedule, LockDefinition job,
			LockInstrumentation instrumentation) {
		Instant firedAt = this.schedulerClock.get().instant();
		JobSchedule.Tick tick = schedule.tickAt(firedAt);
		Duration kept = tick.kept().compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : tick.kept();
		// Reported under a label of its own, so that the job's acquisition meters count
		// the job's runs alone.
		LockDefinition record = new LockDefinition(job.name() + tick.suffix(), kept, Duration.ZERO, false,
				job.label() + ".tick", job.method())
			.withHoldAtLeast(kept);
		Optional<AcquiredLock> recorded = this.locks.get().tryAcquire(record);
		if (recorded.isEmpty()) {
			skipped(operation, job, record, tick, firedAt, RAN_ELSEWHERE, "another instance ran it", instrumentation);
			return Optional.empty();
		}
		recorded.get().close();
		Optional<AcquiredLock> acquired = this.locks.get().tryAcquire(job);
		if (acquired.isEmpty()) {
			skipped(operation, job, record, tick, firedAt, BUSY, "the job was still running from an earlier tick",
					instrumentation);
			return Optional.empty();
		}
		if (this.runs != null) {
			this.runs.ran(operation, job.name(), record.name(), tick.nominal(), firedAt);
		}
		instrumentation.jobRan(job.name(), job.label());
		return acquired;
	}

	/**
	 * The clock of the scheduler firing {@code @Scheduled} methods, found as Spring's
	 * scheduling support finds that scheduler, so that one given another clock still
	 * names its ticks right.
	 */
	static Clock schedulerClock(ListableBeanFactory beanFactory) {
		String[] names = beanFactory.getBeanNamesForType(TaskScheduler.class, true, false);
		String name = (names.length == 1) ? names[0]
				: ScheduledAnnotationBeanPostProcessor.DEFAULT_TASK_SCHEDULER_BEAN_NAME;
		try {
			return beanFactory.getBean(name, TaskScheduler.class).getClock();
		}
		catch (NoSuchBeanDefinitionException ex) {
			return Clock.systemDefaultZone();
		}
	}

	private void skipped(RedisLockOperation operation, LockDefinition job, LockDefinition record, JobSchedule.Tick tick,
			Instant firedAt, String reason, String why, LockInstrumentation instrumentation) {
		if (logger.isDebugEnabled()) {
			logger.debug("Skipped a tick of scheduled job '" + job.label() + "' (lock '" + job.name() + "'): " + why);
		}
		if (this.runs != null) {
			this.runs.skipped(operation, job.name(), record.name(), tick.nominal(), firedAt, reason);
		}
		instrumentation.jobSkipped(job.name(), job.label(), reason);
	}

}
