// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.supervisor.FaultInjector.PauseWindow;

/**
 * What a run found, checked against what must hold, on one screen. Every count that must
 * be zero and is not becomes a violation, and the build fails on any.
 *
 * @author redis-lock contributors
 */
public final class TortureSummary {

	/**
	 * How many holders of one lock a fault may leave with a token below one the resource
	 * already holds, when the store lost its last tokens: the first refused holder raises
	 * the lock's tokens above the resource's, so the next holder's token is larger. One
	 * more allows for a hold that overlapped the first refused one (a lease the same
	 * fault lost), whose token was issued before the raise.
	 */
	static final int TOKEN_REGRESSIONS_PER_LOCK_AND_FAULT = 2;

	private final List<String> header;

	private final Map<String, Long> counts;

	private final long faultFreeSections;

	private final List<InjectedFault> faults;

	private final List<Failover> failovers;

	private final List<String> notes;

	private final List<String> lines = new ArrayList<>();

	private final List<String> violations = new ArrayList<>();

	private final Map<FaultKind, Integer> injected = new EnumMap<>(FaultKind.class);

	private final Set<FaultKind> scheduled;

	private final FencedTable.Check jdbc;

	private long overlapsInside;

	private long overlapsOutside;

	private long lostUpdatesInside;

	private long lostUpdatesOutside;

	private long staleEntriesInside;

	private long staleEntriesOutside;

	private long unreportedOverlaps;

	private long regressionsInside;

	private long regressionsOutside;

	private final Map<String, Integer> regressionsByFaultAndLock = new HashMap<>();

	private long staleAccepted;

	private long workerErrors;

	TortureSummary(List<String> header, Map<String, Long> counts, FencedTable.Check jdbc, long faultFreeSections,
			Set<FaultKind> scheduled, List<InjectedFault> faults, List<Failover> failovers, long finalRecoveryMillis,
			List<String> events, Set<String> reported, List<String> lateCalls, List<PauseWindow> pauses,
			List<PauseWindow> stalls, Leftovers leftovers, List<String> notes, Duration duration) {
		this.header = header;
		this.counts = counts;
		this.jdbc = jdbc;
		this.faultFreeSections = faultFreeSections;
		this.scheduled = Set.copyOf(scheduled);
		this.faults = faults;
		this.failovers = failovers;
		this.notes = new ArrayList<>(notes);
		if (!stalls.isEmpty()) {
			this.notes.add(String.format("worker JVMs stalled %d times, the longest %d ms", stalls.size(),
					stalls.stream().mapToLong((stall) -> stall.to() - stall.from()).max().orElse(0)));
		}
		for (InjectedFault fault : faults) {
			this.injected.merge(fault.kind(), 1, Integer::sum);
		}
		for (String event : events) {
			classify(event, reported);
		}
		this.regressionsByFaultAndLock.forEach((faultAndLock, regressions) -> {
			if (regressions > TOKEN_REGRESSIONS_PER_LOCK_AND_FAULT) {
				this.violations.add("fencing tokens went backwards for " + regressions + " holders of " + faultAndLock
						+ ", more than the " + TOKEN_REGRESSIONS_PER_LOCK_AND_FAULT
						+ " a raise after the first refusal allows");
			}
		});
		noteUnscheduledFailovers();
		if (finalRecoveryMillis < 0) {
			this.violations.add("after every fault healed, a lock was not acquirable within a lease and a second");
		}
		render(lateCalls(lateCalls, pauses, stalls), leftovers, duration);
	}

	private void classify(String event, Set<String> reported) {
		String[] parts = event.split(" ", 4);
		long sequence = Long.parseLong(parts[0]);
		String kind = parts[1];
		boolean explained = this.faults.stream()
			.anyMatch((fault) -> fault.beyondAssumptions() && fault.covers(sequence))
				|| this.failovers.stream().anyMatch((failover) -> failover.covers(sequence));
		switch (kind) {
			case "overlap" -> {
				if (explained) {
					this.overlapsOutside++;
				}
				else {
					this.overlapsInside++;
					this.violations.add("overlap inside the timing assumptions: " + event);
				}
				checkOlderHoldersReported(parts[2], parts[3], reported, event);
			}
			case "stale-entry" -> {
				if (explained) {
					this.staleEntriesOutside++;
				}
				else {
					this.staleEntriesInside++;
					this.violations.add("stale entry inside the timing assumptions: " + event);
				}
				String holder = parts[3].split(" ")[0];
				if (!reported.contains(parts[2] + " " + holder.substring(holder.indexOf('=') + 1))) {
					this.unreportedOverlaps++;
					this.violations.add("stale holder not told its lease was lost: " + event);
				}
			}
			case "token-regression" -> {
				// A holder granted after another got a smaller token: the store lost its
				// last tokens. Not a stale holder: its lease was valid, and its write is
				// refused.
				InjectedFault fault = this.faults.stream()
					.filter((each) -> each.beyondAssumptions() && each.covers(sequence))
					.findFirst()
					.orElse(null);
				Failover failover = this.failovers.stream()
					.filter((each) -> each.covers(sequence))
					.findFirst()
					.orElse(null);
				if (fault != null) {
					this.regressionsOutside++;
					this.regressionsByFaultAndLock.merge(parts[2] + " after " + fault.kind().description() + " on "
							+ fault.target() + " (from " + fault.startSequence() + ")", 1, Integer::sum);
				}
				else if (failover != null) {
					this.regressionsOutside++;
					this.regressionsByFaultAndLock.merge(parts[2] + " after " + failover.describe(), 1, Integer::sum);
				}
				else {
					this.regressionsInside++;
					this.violations.add("fencing token went backwards inside the timing assumptions: " + event);
				}
			}
			case "lost-update" -> {
				if (explained) {
					this.lostUpdatesOutside++;
				}
				else {
					this.lostUpdatesInside++;
					this.violations.add("lost update inside the timing assumptions: " + event);
				}
			}
			case "stale-accepted" -> {
				this.staleAccepted++;
				this.violations.add("stale fenced write accepted: " + event);
			}
			case "worker-error" -> {
				this.workerErrors++;
				this.violations.add("unexpected error in a worker: " + event);
			}
			default -> {
			}
		}
	}

	/**
	 * Note every failover that no Redis fault of the schedule asked for: the Sentinels
	 * made it on their own (after a fault healed, or while a fault that does not touch
	 * Redis ran), and what it caused is counted beyond the timing assumptions by its own
	 * window.
	 */
	private void noteUnscheduledFailovers() {
		for (Failover failover : unscheduledFailovers()) {
			this.notes.add("failover not injected by the schedule: from " + failover.from() + " to " + failover.to()
					+ failover.through() + ", switched at " + failover.switchSequence() + "; events "
					+ failover.startSequence() + " to " + failover.endSequence()
					+ " counted beyond the timing assumptions" + (failover.leaseLengthening().isZero() ? "" : String
						.format(", leases lengthened by up to %,d ms", failover.leaseLengthening().toMillis())));
		}
	}

	private List<Failover> unscheduledFailovers() {
		return this.failovers.stream()
			.filter((failover) -> this.faults.stream()
				.noneMatch((fault) -> fault.kind().hitsRedis() && fault.covers(failover.switchSequence())))
			.toList();
	}

	/**
	 * Check that every holder in an overlap but the one granted last was told that its
	 * lease was lost. A holder inside that entered before the entering one asked for the
	 * lock was granted before it, whatever their tokens (a store that lost its last
	 * tokens gives a later holder a smaller one); among the others the highest fencing
	 * token was granted last.
	 */
	private void checkOlderHoldersReported(String lock, String details, Set<String> reported, String event) {
		String[] parts = details.split(" ");
		String entering = parts[0];
		long askedAt = (parts.length > 2 && parts[2].startsWith("asked-at="))
				? Long.parseLong(parts[2].substring("asked-at=".length())) : 0;
		List<String> older = new ArrayList<>();
		List<String> unordered = new ArrayList<>();
		unordered.add(entering);
		for (String inside : parts[1].split(",")) {
			(entrySequence(inside) < askedAt ? older : unordered).add(inside);
		}
		long newest = unordered.stream().mapToLong(TortureSummary::token).max().orElse(0);
		unordered.stream().filter((holder) -> token(holder) != newest).forEach(older::add);
		for (String holder : older) {
			if (!reported.contains(lock + " " + token(holder))) {
				this.unreportedOverlaps++;
				this.violations.add("overlap not reported to the older holder " + holder + ": " + event);
			}
		}
	}

	/** Return the entry sequence of {@code <holder>=<token>@<sequence>}. */
	private static long entrySequence(String holder) {
		int at = holder.indexOf('@');
		return (at < 0) ? Long.MAX_VALUE : Long.parseLong(holder.substring(at + 1));
	}

	/**
	 * Return the fencing token of {@code <holder>=<token>} or
	 * {@code <holder>=<token>@<sequence>}.
	 */
	private static long token(String holder) {
		int at = holder.indexOf('@');
		return Long.parseLong(holder.substring(holder.indexOf('=') + 1, (at < 0) ? holder.length() : at));
	}

	/**
	 * Calls of {@code <worker> <from> <to> <elapsed> <over> <lock> <outcome>} not excused
	 * by a pause of their worker, nor by stalls of its JVM as long as they ran over.
	 */
	private List<String> lateCalls(List<String> lateCalls, List<PauseWindow> pauses, List<PauseWindow> stalls) {
		List<String> late = new ArrayList<>();
		for (String call : lateCalls) {
			String[] parts = call.split(" ");
			String worker = parts[0];
			long from = Long.parseLong(parts[1]);
			long to = Long.parseLong(parts[2]);
			long over = Long.parseLong(parts[4]);
			boolean paused = pauses.stream()
				.anyMatch((pause) -> pause.worker().equals(worker) && pause.from() <= to && from <= pause.to());
			long stalled = stalls.stream()
				.filter((stall) -> stall.worker().equals(worker))
				.mapToLong((stall) -> Math.max(0, Math.min(to, stall.to()) - Math.max(from, stall.from())))
				.sum();
			if (paused) {
				continue;
			}
			if (stalled >= over) {
				this.notes.add("acquisition past its bound by " + over + " ms while its JVM stalled " + stalled
						+ " ms: " + call);
			}
			else {
				late.add(call);
			}
		}
		return late;
	}

	private void render(List<String> lateCalls, Leftovers leftovers, Duration duration) {
		this.lines.addAll(this.header);
		this.lines.add(String.format("Run time %d min %02d s", duration.toMinutes(), duration.toSecondsPart()));
		this.lines.add(String.format("Critical sections completed %,d (fault-free phase %,d); cut short %,d",
				count("sections"), this.faultFreeSections, count("sectionsCutShort")));
		this.lines.add(String.format(
				"Acquisitions: not granted within the wait %,d; store errors %,d; lost at release %,d; lost before entry %,d",
				count("notAcquired"), count("lockErrors"), count("lostAtRelease"), count("lostBeforeEntry")));
		this.lines.add(String.format("Lost-lease reports: signal %,d, release %,d", count("lost-signal"),
				count("lost-release")));
		StringBuilder kinds = new StringBuilder();
		for (FaultKind kind : FaultKind.values()) {
			kinds.append(String.format("%n  %-30s %d", kind.description(), this.injected.getOrDefault(kind, 0)));
		}
		long inUse = this.faults.stream().filter((fault) -> fault.locksInUse() > 0).count();
		long failovers = this.faults.stream()
			.filter((fault) -> fault.beyondAssumptions() && !fault.kind().beyondAssumptions())
			.count();
		this.lines.add(String.format("Faults injected %d (%d with holders inside a section, %d more failed over):%s",
				this.faults.size(), inUse, failovers, kinds));
		if (!this.failovers.isEmpty()) {
			this.lines.add(String.format("Failovers seen %d (%d not injected by the schedule)", this.failovers.size(),
					unscheduledFailovers().size()));
		}
		this.lines.add(String.format("%-44s %8s %8s", "", "inside", "outside"));
		this.lines.add(String.format("%-44s %8d %8d", "Overlaps (timing assumptions)", this.overlapsInside,
				this.overlapsOutside));
		this.lines.add(String.format("%-44s %8d %8d", "Lost updates", this.lostUpdatesInside, this.lostUpdatesOutside));
		this.lines.add(String.format("%-44s %8d", "Stale fenced writes accepted", this.staleAccepted));
		this.lines.add(String.format("%-44s %8d", "Stale fenced writes rejected", count("staleRejected")));
		renderJdbc();
		this.lines
			.add(String.format("%-44s %8d", "Overlaps not reported to the older holder", this.unreportedOverlaps));
		int worstRegression = this.regressionsByFaultAndLock.values()
			.stream()
			.mapToInt(Integer::intValue)
			.max()
			.orElse(0);
		this.lines.add(String.format("%-44s %8d %8d", "Tokens gone backwards (later holder refused)",
				this.regressionsInside, this.regressionsOutside));
		this.lines.add(String.format("%-44s %8d   (at most %d; raises %,d, failed %,d)",
				"  most on one lock after one fault", worstRegression, TOKEN_REGRESSIONS_PER_LOCK_AND_FAULT,
				count("tokenRaises"), count("tokenRaisesFailed")));
		this.lines.add(String.format("%-44s %8d", "Keys seen without a TTL", leftovers.keysWithoutTtl().size()));
		leftovers.keysWithoutTtl().forEach((key) -> this.violations.add("key seen without a TTL: " + key));
		long unrecovered = this.faults.stream().filter((fault) -> fault.recoveryMillis() < 0).count();
		long slowest = this.faults.stream().mapToLong(InjectedFault::recoveryMillis).max().orElse(0);
		this.lines.add(String.format("%-44s %8d   (slowest recovery %,d ms)",
				"Locks not acquirable a lease + 1 s after heal", unrecovered, slowest));
		this.faults.stream()
			.filter((fault) -> fault.recoveryMillis() < 0)
			.forEach((fault) -> this.violations.add("a lock was not acquirable within a lease and a second after "
					+ fault.kind().description() + " on " + fault.target()));
		this.lines.add(String.format("%-44s %8d", "Acquisitions past wait + last attempt", lateCalls.size()));
		lateCalls.forEach(
				(call) -> this.violations.add("acquisition waited past its wait time and its last attempt: " + call));
		this.lines.add(String.format("%-44s %8d", "Unexpected errors in workers", this.workerErrors));
		this.lines.add("Left after shutdown: " + leftovers.describe());
		this.violations.addAll(leftovers.problems());
		this.notes.forEach((note) -> this.lines.add("Note: " + note));
		this.lines.add(this.violations.isEmpty() ? "VIOLATIONS: none" : "VIOLATIONS: " + this.violations.size());
	}

	/**
	 * The PostgreSQL copy of the fenced resource: no stale write accepted, the rows'
	 * counts equal to the log's, and every write a worker was told was accepted in the
	 * log. The log may hold a few more, from workers killed between their commit and
	 * their report.
	 */
	private void renderJdbc() {
		this.lines.add(String.format("%-44s %8d", "Stale fenced writes accepted (PostgreSQL)",
				this.jdbc.staleAccepted().size()));
		this.jdbc.staleAccepted()
			.forEach((write) -> this.violations.add("stale fenced write accepted by PostgreSQL: " + write));
		long reported = count("jdbcAccepted");
		long killed = this.faults.stream()
			.filter((fault) -> fault.kind() == FaultKind.HOLDER_KILLED
					|| fault.kind() == FaultKind.WAITER_KILLED_FIRST_IN_QUEUE)
			.count();
		this.lines.add(String.format("PostgreSQL fenced writes: accepted %,d (rows %,d, reported %,d), rejected %,d",
				this.jdbc.acceptedWrites(), this.jdbc.rowWrites(), reported, count("jdbcRejected")));
		if (this.jdbc.rowWrites() != this.jdbc.acceptedWrites()) {
			this.violations.add("PostgreSQL rows count " + this.jdbc.rowWrites() + " writes, its log "
					+ this.jdbc.acceptedWrites());
		}
		if (reported > this.jdbc.acceptedWrites() || this.jdbc.acceptedWrites() - reported > killed) {
			this.violations.add("PostgreSQL accepted " + this.jdbc.acceptedWrites()
					+ " fenced writes, workers reported " + reported + " (" + killed + " worker JVMs killed)");
		}
	}

	private long count(String name) {
		return this.counts.getOrDefault(name, 0L);
	}

	/**
	 * Return every violation found, one line each.
	 * @return the violations, empty when every promise held
	 */
	public List<String> violations() {
		return List.copyOf(this.violations);
	}

	/**
	 * Return how many times each fault kind was injected.
	 * @return the counts by kind
	 */
	public Map<FaultKind, Integer> injected() {
		return Map.copyOf(this.injected);
	}

	/**
	 * Return the fault kinds the run's topology takes and the run scheduled.
	 * @return the scheduled kinds
	 */
	public Set<FaultKind> scheduled() {
		return this.scheduled;
	}

	/**
	 * Return the number of sections completed.
	 * @return completed sections
	 */
	public long sections() {
		return count("sections");
	}

	/**
	 * Return the number of sections completed before the first fault.
	 * @return fault-free sections
	 */
	public long faultFreeSections() {
		return this.faultFreeSections;
	}

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder(String.join(System.lineSeparator(), this.lines));
		for (String violation : this.violations.subList(0, Math.min(this.violations.size(), 20))) {
			text.append(System.lineSeparator()).append("  ").append(violation);
		}
		return text.toString();
	}

}
