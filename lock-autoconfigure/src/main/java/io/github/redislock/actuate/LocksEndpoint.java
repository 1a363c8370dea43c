// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.json.JsonParserFactory;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import io.github.redislock.interceptor.JobRuns;

/**
 * The Actuator endpoint {@code locks}: the locks this instance holds, with what an
 * operator needs to find a hung holder, the waits in progress, and the scheduled
 * {@code @RedisLock} methods with the ticks this instance ran and skipped. Each instance
 * shows only its own, so looking holds no lock. Lock names often carry user ids, so they
 * are shown as {@code ******} unless {@code management.endpoint.locks.show-values} says
 * otherwise, as Spring Boot's {@code env} endpoint does with values.
 * <p>
 * Its access is read-only by default. With
 * {@code management.endpoint.locks.access=unrestricted}, {@code DELETE
 * /actuator/locks/{name}} releases a lock a thread of this instance holds (see
 * {@link #release(String)}). It lets another holder in while the hung thread may still
 * run, so allow it only to operators.
 *
 * @author redis-lock contributors
 */
@Endpoint(id = "locks", defaultAccess = Access.READ_ONLY)
class LocksEndpoint {

	/** What a lock name, or a key made of it, is shown as when it is not shown. */
	static final String MASK = "******";

	private final DefaultLockClient client;

	private final UnaryOperator<@Nullable String> keys;

	private final Show showNames;

	private final Set<String> roles;

	private final @Nullable JobRuns jobRuns;

	/**
	 * Create the endpoint, which shows lock names as {@code ******}.
	 * @param client the client whose locks are shown
	 * @param keys gives the store key of a lock name, or {@code null} when the store has
	 * no keys to show
	 */
	LocksEndpoint(DefaultLockClient client, UnaryOperator<@Nullable String> keys) {
		this(client, keys, Show.NEVER, Set.of());
	}

	/**
	 * Create the endpoint.
	 * @param client the client whose locks are shown
	 * @param keys gives the store key of a lock name, or {@code null} when the store has
	 * no keys to show
	 * @param showNames when lock names and keys are shown rather than {@code ******}
	 * @param roles the roles a user needs to see the names when {@code showNames} is
	 * {@link Show#WHEN_AUTHORIZED}; any authenticated user when empty
	 */
	LocksEndpoint(DefaultLockClient client, UnaryOperator<@Nullable String> keys, Show showNames,
			Collection<String> roles) {
		this(client, keys, showNames, roles, null);
	}

	/**
	 * Create the endpoint.
	 * @param client the client whose locks are shown
	 * @param keys gives the store key of a lock name, or {@code null} when the store has
	 * no keys to show
	 * @param showNames when lock names and keys are shown rather than {@code ******}
	 * @param roles the roles a user needs to see the names when {@code showNames} is
	 * {@link Show#WHEN_AUTHORIZED}; any authenticated user when empty
	 * @param jobRuns the scheduled jobs' runs and skips on this instance, or {@code null}
	 * to show no jobs
	 */
	LocksEndpoint(DefaultLockClient client, UnaryOperator<@Nullable String> keys, Show showNames,
			Collection<String> roles, @Nullable JobRuns jobRuns) {
		this.client = client;
		this.keys = keys;
		this.showNames = showNames;
		this.roles = Set.copyOf(roles);
		this.jobRuns = jobRuns;
	}

	/**
	 * Return the locks held and waited for by this instance now, and its scheduled jobs.
	 * @param securityContext who asks, which decides whether lock names are shown
	 * @return the locks
	 */
	@ReadOperation
	public LocksReport locks(SecurityContext securityContext) {
		boolean shown = this.showNames.isShown(securityContext, this.roles);
		List<HeldLockReport> held = this.client.heldLocks()
			.stream()
			.map((lock) -> HeldLockReport.of(lock, this.keys.apply(lock.name()), shown))
			.toList();
		List<WaiterView> waits = this.client.waits()
			.stream()
			.map((wait) -> shown ? wait : new WaiterView(MASK, wait.waitingThreads(), wait.waitingInStore()))
			.toList();
		List<JobReport> jobs = (this.jobRuns != null)
				? this.jobRuns.jobs().stream().map((job) -> JobReport.of(job, shown)).toList() : List.of();
		return new LocksReport(this.client.getInstanceId(), held, waits, jobs);
	}

	/**
	 * Release a lock that a thread of this instance holds; never another instance's. The
	 * endpoint offers it as {@code DELETE /actuator/locks/{name}} only when its access is
	 * unrestricted.
	 * @param name the lock name
	 * @return whether it was released, and what that means
	 */
	public LockRelease release(String name) {
		boolean released = this.client.revoke(name);
		return new LockRelease(name, released,
				released ? "released; its holder gets LockLostException when it unlocks it"
						: "not held by this instance: nothing released");
	}

	/**
	 * The locks of this instance.
	 *
	 * @param instance the random id of this instance, which its owner tokens in Redis
	 * start with, and which Redis records as the holder when
	 * {@code redis-lock.holder-details} is off
	 * @param held the locks held, by name
	 * @param waits the locks waited for, by name ({@code ******} when names are not
	 * shown)
	 * @param jobs the scheduled {@code @RedisLock} methods, by label, with the ticks this
	 * instance ran and skipped; empty with {@code redis-lock.jobs.one-run-per-tick=false}
	 */
	public record LocksReport(String instance, List<HeldLockReport> held, List<WaiterView> waits,
			List<JobReport> jobs) {

		/**
		 * A report without scheduled jobs.
		 * @param instance the random id of this instance
		 * @param held the locks held
		 * @param waits the locks waited for
		 */
		public LocksReport(String instance, List<HeldLockReport> held, List<WaiterView> waits) {
			this(instance, held, waits, List.of());
		}

	}

	/**
	 * A lock held, with times as text and milliseconds, which every JSON set-up of
	 * Actuator writes the same way.
	 *
	 * @param name the lock name, or {@code ******} when names are not shown
	 * @param key the Redis key, or {@code null} if the store is not Redis, or
	 * {@code ******} when names are not shown
	 * @param ownerThread the holding thread, or {@code null} while none holds it
	 * @param holdCount the holding thread's holds, re-entries included
	 * @param acquiredAt when it was taken, ISO-8601
	 * @param remainingLeaseMillis how much of the lease is known to be left
	 * @param renewing whether the lease is renewed
	 * @param fencingToken the fencing token, or {@code null} if none was issued
	 * @param method what took it, or {@code null} when unknown
	 */
	public record HeldLockReport(String name, @Nullable String key, @Nullable String ownerThread, int holdCount,
			String acquiredAt, long remainingLeaseMillis, boolean renewing, @Nullable Long fencingToken,
			@Nullable String method) {

		static HeldLockReport of(LeaseView lock, @Nullable String key, boolean shown) {
			return new HeldLockReport(shown ? lock.name() : MASK, (shown || key == null) ? key : MASK,
					lock.ownerThread(), lock.holdCount(), lock.acquiredAt().toString(),
					lock.remainingLease().toMillis(), lock.renewing(), lock.fencingToken(), lock.method());
		}

	}

	/**
	 * A scheduled {@code @RedisLock} method, as this instance ran and skipped its ticks.
	 *
	 * @param label the bounded name its meters use, always shown
	 * @param method the method
	 * @param schedule {@code cron <expression> (<zone>)}, {@code fixed rate <period>} or
	 * {@code fixed delay <period>}, periods in ISO-8601
	 * @param lock the lock name of its latest tick here, {@code ******} when names are
	 * not shown, or {@code null} before its first tick here
	 * @param runs the ticks this instance ran
	 * @param skips the ticks this instance skipped, by reason: {@code ran-elsewhere}
	 * (another instance had run the tick) and {@code busy} (the job was still running
	 * from an earlier tick)
	 * @param lastRun the latest tick this instance ran, or {@code null} if none
	 * @param lastSkip the latest tick this instance skipped, or {@code null} if none
	 * @param latestTickTakenBy who took the latest tick this instance fired, as recorded
	 * with the tick in Redis (host, pid, thread, method, acquiredAt; or the client
	 * instance alone without holder details), or {@code null} once the record is gone or
	 * with a store that cannot tell
	 */
	public record JobReport(String label, String method, String schedule, @Nullable String lock, long runs,
			Map<String, Long> skips, @Nullable JobRunReport lastRun, @Nullable JobSkipReport lastSkip,
			@Nullable Map<String, Object> latestTickTakenBy) {

		static JobReport of(JobRuns.Job job, boolean shown) {
			JobRuns.Job.Run run = job.lastRun();
			JobRuns.Job.Skip skip = job.lastSkip();
			return new JobReport(job.label(), job.method(), job.schedule(),
					(shown || job.lockName() == null) ? job.lockName() : MASK, job.runs(), job.skips(),
					(run != null) ? new JobRunReport(text(run.tick()), run.startedAt().toString(), run.holder().host(),
							run.holder().pid(), run.holder().thread()) : null,
					(skip != null) ? new JobSkipReport(text(skip.tick()), skip.firedAt().toString(), skip.reason())
							: null,
					parse(job.latestTickTakenBy()));
		}

		private static @Nullable Map<String, Object> parse(@Nullable String holder) {
			if (holder == null) {
				return null;
			}
			try {
				return JsonParserFactory.getJsonParser().parseMap(holder);
			}
			catch (RuntimeException ex) {
				return Map.of("record", holder);
			}
		}

		private static @Nullable String text(@Nullable Instant time) {
			return (time != null) ? time.toString() : null;
		}

	}

	/**
	 * A tick this instance ran.
	 *
	 * @param tick the nominal time of a cron tick, ISO-8601, the same on every instance;
	 * {@code null} for a fixed rate or delay
	 * @param startedAt when this instance's scheduler fired it, on the scheduler's clock,
	 * ISO-8601
	 * @param host the host name of this instance
	 * @param pid the process id of this instance
	 * @param thread the thread that ran it
	 */
	public record JobRunReport(@Nullable String tick, String startedAt, String host, long pid, String thread) {

	}

	/**
	 * A tick this instance skipped.
	 *
	 * @param tick the nominal time of a cron tick, ISO-8601; {@code null} for a fixed
	 * rate or delay
	 * @param firedAt when this instance's scheduler fired it, on the scheduler's clock,
	 * ISO-8601
	 * @param reason {@code ran-elsewhere} or {@code busy}
	 */
	public record JobSkipReport(@Nullable String tick, String firedAt, String reason) {

	}

	/**
	 * The outcome of a release.
	 *
	 * @param name the lock name
	 * @param released whether this instance held it and released it
	 * @param detail what happened
	 */
	public record LockRelease(String name, boolean released, String detail) {

	}

}
