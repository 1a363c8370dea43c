// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import io.github.redislock.store.LockHolder;
import org.jspecify.annotations.Nullable;

import org.springframework.context.expression.AnnotatedElementKey;

/**
 * The ticks of scheduled {@code @RedisLock} methods that this instance ran and skipped,
 * kept in memory for operators ({@code /actuator/locks}). Each job the operation source
 * parsed is listed from start-up on; who took the latest tick is read from the tick's
 * record in the store when the store can tell.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class JobRuns {

	private final RedisLockOperationSource operationSource;

	private final Map<AnnotatedElementKey, JobState> states = new ConcurrentHashMap<>();

	private Function<String, @Nullable String> tickHolders = (record) -> null;

	JobRuns(RedisLockOperationSource operationSource) {
		this.operationSource = operationSource;
	}

	/** Reads the holder recorded with a lock name, as JSON, or {@code null}. */
	void setTickHolders(Function<String, @Nullable String> tickHolders) {
		this.tickHolders = tickHolders;
	}

	/**
	 * Return the scheduled {@code @RedisLock} methods this instance knows, by label and
	 * method, with their runs and skips on this instance.
	 * @return a snapshot of each job
	 */
	public List<Job> jobs() {
		for (RedisLockOperation operation : this.operationSource.scheduledOperations()) {
			state(operation);
		}
		return this.states.values()
			.stream()
			.map((state) -> state.view(this.tickHolders))
			.sorted(Comparator.comparing(Job::label).thenComparing(Job::method))
			.toList();
	}

	void ran(RedisLockOperation operation, String lockName, String tickRecord, @Nullable Instant tick,
			Instant startedAt) {
		state(operation).ran(lockName, tickRecord,
				new Job.Run(tick, startedAt, LockHolder.currentThread(operation.getDescription())));
	}

	void skipped(RedisLockOperation operation, String lockName, String tickRecord, @Nullable Instant tick,
			Instant firedAt, String reason) {
		state(operation).skipped(lockName, tickRecord, new Job.Skip(tick, firedAt, reason));
	}

	private JobState state(RedisLockOperation operation) {
		return this.states.computeIfAbsent(operation.getElementKey(), (key) -> new JobState(operation));
	}

	/** One job's counts and latest ticks, changed and read together. */
	private static final class JobState {

		private final RedisLockOperation operation;

		/** Not a monitor: the scheduler's threads may be virtual. */
		private final ReentrantLock lock = new ReentrantLock();

		private final Map<String, Long> skips = new LinkedHashMap<>();

		private @Nullable String lockName;

		private @Nullable String tickRecord;

		private long runs;

		private Job.@Nullable Run lastRun;

		private Job.@Nullable Skip lastSkip;

		JobState(RedisLockOperation operation) {
			this.operation = operation;
			this.skips.put(ScheduledJobs.RAN_ELSEWHERE, 0L);
			this.skips.put(ScheduledJobs.BUSY, 0L);
		}

		void ran(String lockName, String tickRecord, Job.Run run) {
			this.lock.lock();
			try {
				this.lockName = lockName;
				this.tickRecord = tickRecord;
				this.runs++;
				this.lastRun = run;
			}
			finally {
				this.lock.unlock();
			}
		}

		void skipped(String lockName, String tickRecord, Job.Skip skip) {
			this.lock.lock();
			try {
				this.lockName = lockName;
				this.tickRecord = tickRecord;
				this.skips.merge(skip.reason(), 1L, Long::sum);
				this.lastSkip = skip;
			}
			finally {
				this.lock.unlock();
			}
		}

		/** The store is read outside the lock, which the scheduler's threads take. */
		Job view(Function<String, @Nullable String> tickHolders) {
			Job job;
			String tickRecord;
			this.lock.lock();
			try {
				JobSchedule schedule = this.operation.getSchedule();
				tickRecord = this.tickRecord;
				job = new Job(this.operation.getLabel(), this.operation.getDescription(), String.valueOf(schedule),
						this.lockName, this.runs, Collections.unmodifiableMap(new LinkedHashMap<>(this.skips)),
						this.lastRun, this.lastSkip, null);
			}
			finally {
				this.lock.unlock();
			}
			if (tickRecord == null) {
				return job;
			}
			String takenBy;
			try {
				takenBy = tickHolders.apply(tickRecord);
			}
			catch (RuntimeException ex) {
				takenBy = null;
			}
			return new Job(job.label(), job.method(), job.schedule(), job.lockName(), job.runs(), job.skips(),
					job.lastRun(), job.lastSkip(), takenBy);
		}

	}

	/**
	 * A scheduled {@code @RedisLock} method as this instance has seen its ticks: a
	 * read-only snapshot for operators.
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
	 * @param latestTickTakenBy the instance that took the latest tick this instance
	 * fired, as the store records it with the tick (a JSON object of host, process id,
	 * thread, method and time), or {@code null} if the record is gone or the store cannot
	 * tell
	 */
	public record Job(String label, String method, String schedule, @Nullable String lockName, long runs,
			Map<String, Long> skips, @Nullable Run lastRun, @Nullable Skip lastSkip,
			@Nullable String latestTickTakenBy) {

		/**
		 * A tick this instance ran.
		 *
		 * @param tick the tick's nominal time for a cron schedule; {@code null} for a
		 * fixed rate or delay, whose ticks have none shared by the instances
		 * @param startedAt when the scheduler fired it, on the scheduler's clock
		 * @param holder the process and thread that ran it
		 */
		public record Run(@Nullable Instant tick, Instant startedAt, LockHolder holder) {

		}

		/**
		 * A tick this instance skipped.
		 *
		 * @param tick the tick's nominal time for a cron schedule; {@code null} for a
		 * fixed rate or delay
		 * @param firedAt when the scheduler fired it, on the scheduler's clock
		 * @param reason {@code ran-elsewhere} when another instance had run it,
		 * {@code busy} when the job was still running from an earlier tick
		 */
		public record Skip(@Nullable Instant tick, Instant firedAt, String reason) {

		}

	}

}
