// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.util.ClassUtils;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import io.github.redislock.interceptor.JobRuns;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;

/**
 * The Actuator endpoint {@code locks}: the locks this instance holds and waits for, and
 * its scheduled {@code @RedisLock} methods, from this instance's memory, so looking holds
 * no lock. Lock names often carry user ids, so they are masked unless
 * {@code management.endpoint.locks.show-values} says otherwise, as with Boot's
 * {@code env} endpoint. docs/operating.md describes the reply.
 *
 * @author redis-lock contributors
 */
@Endpoint(id = "locks", defaultAccess = Access.READ_ONLY)
class LocksEndpoint {

	/** What a lock name, or a key made of it, is shown as when it is not shown. */
	static final String MASK = "******";

	private final DefaultLockClient client;

	private final @Nullable RedisLockStore redisStore;

	private final Show showNames;

	private final Set<String> roles;

	private final @Nullable JobRuns jobRuns;

	/**
	 * A Redis {@code store} gives each lock's key; {@code jobRuns} may be {@code null}.
	 */
	LocksEndpoint(DefaultLockClient client, @Nullable LockStore store, LocksEndpointProperties properties,
			@Nullable JobRuns jobRuns) {
		this.client = client;
		this.redisStore = (store instanceof RedisLockStore redis) ? redis : null;
		this.showNames = properties.getShowValues();
		this.roles = Set.copyOf(properties.getRoles());
		this.jobRuns = jobRuns;
	}

	@ReadOperation
	public LocksReport locks(SecurityContext securityContext) {
		boolean shown = this.showNames.isShown(securityContext, this.roles);
		List<HeldLockReport> held = this.client.heldLocks()
			.stream()
			.map((lock) -> HeldLockReport.of(lock,
					(this.redisStore != null) ? this.redisStore.lockKey(lock.name()) : null, shown))
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
	 * Releases a lock a thread of this instance holds, letting another holder in while
	 * the hung thread may still run; offered as a delete only with unrestricted access.
	 */
	public LockRelease release(String name) {
		boolean released = this.client.revoke(name);
		return new LockRelease(name, released,
				released ? "released; its holder gets LockLostException when it unlocks it"
						: "not held by this instance: nothing released");
	}

	public record LocksReport(String instance, List<HeldLockReport> held, List<WaiterView> waits,
			List<JobReport> jobs) {

	}

	/**
	 * Times as text and milliseconds, which every JSON set-up of Actuator writes alike.
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
	 * {@code latestTickTakenBy} is the holder recorded with the tick in Redis, parsed, or
	 * {@code null} once the record is gone or with a store that cannot tell.
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

	public record JobRunReport(@Nullable String tick, String startedAt, String host, long pid, String thread) {

	}

	public record JobSkipReport(@Nullable String tick, String firedAt, String reason) {

	}

	public record LockRelease(String name, boolean released, String detail) {

	}

	/**
	 * The endpoint with its release, which Spring Boot 3.4 and later offer only when the
	 * endpoint's access allows writes; on 3.3 made only when that access is asked for.
	 */
	@Endpoint(id = "locks", defaultAccess = Access.READ_ONLY)
	static class Releasing extends LocksEndpoint {

		Releasing(DefaultLockClient client, @Nullable LockStore store, LocksEndpointProperties properties,
				@Nullable JobRuns jobRuns) {
			super(client, store, properties, jobRuns);
		}

		@Override
		@DeleteOperation
		public LockRelease release(@Selector String name) {
			return super.release(name);
		}

	}

	/**
	 * Jackson writes the replies through their accessors, found by reflection; only where
	 * Actuator is present.
	 */
	static final class ReplyHints implements RuntimeHintsRegistrar {

		@Override
		public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
			if (ClassUtils.isPresent("org.springframework.boot.actuate.endpoint.annotation.Endpoint", classLoader)) {
				new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(), LocksReport.class,
						LockRelease.class);
			}
		}

	}

}
