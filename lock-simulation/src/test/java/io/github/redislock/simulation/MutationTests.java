// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.function.Function;
import java.util.function.LongPredicate;

import io.github.redislock.redis.SimulatedLockStore;
import io.github.redislock.redis.SimulatedScripts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulation finds known faults when they are put back: a check that finds nothing on
 * the real code proves something only if it finds these within the CI tier's seeds, each
 * by the invariant it breaks.
 *
 * @author redis-lock contributors
 */
class MutationTests {

	@Test
	void findsAReleaseWithoutTheOwnerCheck() {
		SimulatedScripts releasesAnyHolder = SimulatedScripts.real()
			.withRelease((source) -> source.replace("if not grantedTo(value, ARGV[1]) then", "if not value then"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(releasesAnyHolder), "two holders");
	}

	@Test
	void findsOneOwnerTokenReusedAcrossHolds() {
		assertFound((seed) -> SimulationSettings.forSeed(seed).withStoreFault(SimulatedLockStore.Fault.ONE_OWNER_TOKEN),
				"two holders");
	}

	/** A dead waiter's place is handed the lock however long ago it stopped asking. */
	@Test
	void findsAQueuePlaceThatNeverExpires() {
		SimulatedScripts placesNeverRunOut = SimulatedScripts.real()
			.withAcquire((source) -> source.replace("local validUntil = math.floor(micros / 1000) + tonumber(ARGV[3])",
					"local validUntil = math.floor(micros / 1000) + 1e12"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(placesNeverRunOut),
				"when its place must have run out");
	}

	/**
	 * A waiter that stops waiting (its wait ran out, or it was interrupted) keeps its
	 * place: a release hands the lock to nobody, and the others wait out that lease.
	 */
	@Test
	void findsAWaiterThatGivesUpWithoutLeavingItsPlace() {
		assertFound(
				(seed) -> SimulationSettings.forSeed(seed)
					.withStoreFault(SimulatedLockStore.Fault.GIVING_UP_KEEPS_THE_PLACE),
				"neither taken up nor given back");
	}

	/** A lock handed to a waiter gets the waiter's full lease, not the hand-off's. */
	@Test
	void findsAHandOffToADeadWaiterWithoutABound() {
		SimulatedScripts fullLeaseHandOffs = SimulatedScripts.real()
			.withAcquire((source) -> source.replace("validUntil, ARGV[4], ARGV[5], ARGV[7]",
					"validUntil, ARGV[2], ARGV[5], ARGV[7]"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(fullLeaseHandOffs),
				"longer than a hand-off's lease");
	}

	/**
	 * One lease of a renewal batch found no longer held makes every lease of the batch
	 * answered so: the others, still held, are reported lost.
	 */
	@Test
	void findsABatchRenewalFailingAsAWhole() {
		assertFound(
				(seed) -> SimulationSettings.forSeed(seed)
					.withStoreFault(SimulatedLockStore.Fault.BATCH_RENEWAL_FAILS_AS_A_WHOLE),
				"reported lost while its lease lasted");
	}

	/** The fenced resource writes whatever token it is given. */
	@Test
	void findsAFencedWriteThatDoesNotCompareTokens() {
		SimulatedScripts writesAnyToken = SimulatedScripts.real()
			.withFencedSet((source) -> source.replace("if last and last > token then", "if false then"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(writesAnyToken), "accepted a stale write");
	}

	/**
	 * {@code fence.lua} issues the server's clock as the token, neither above the counter
	 * nor refusing one that is not: a clock that jumps back issues smaller tokens to
	 * later holders.
	 */
	@Test
	void findsAFencingTokenNotRaisedAboveTheCounter() {
		SimulatedScripts clockTokens = SimulatedScripts.real()
			.withFence((source) -> source.replace("local token = math.max(last + 1, clock)", "local token = clock")
				.replace("if token <= last or token >= 9007199254740992 then", "if token >= 9007199254740992 then"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(clockTokens), "is out of order with");
	}

	/**
	 * {@code release.lua} answers a release of a lock no longer recorded for its caller
	 * as one already done: a holder whose key was evicted or force-released is never
	 * told.
	 */
	@Test
	void findsAReleaseThatSucceedsWhenItsLockIsGone() {
		SimulatedScripts releasesWhatIsGone = SimulatedScripts.real()
			.withRelease((source) -> source.replace("      return 2\n    end\n    return 0\n  end",
					"      return 2\n    end\n    return 2\n  end"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(releasesWhatIsGone),
				"succeeded, but its lock key was");
	}

	/** {@code acquire.lua} takes a free lock without a TTL. */
	@Test
	void findsALockKeyWithoutATtl() {
		SimulatedScripts noTtl = SimulatedScripts.real()
			.withAcquire((source) -> source.replace("token .. holder, 'NX', 'PX', ARGV[2])", "token .. holder, 'NX')"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(noTtl), "has no TTL");
	}

	/**
	 * {@code acquire.lua} scores a waiter's place by minus its arrival, so that the
	 * release hands the lock to the waiter that queued last.
	 */
	@Test
	void findsAQueueServedLastInFirstOut() {
		SimulatedScripts lastInFirstOut = SimulatedScripts.real()
			.withAcquire((source) -> source.replace("string.format('%.0f', micros), ARGV[1])",
					"string.format('%.0f', -micros), ARGV[1])"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(lastInFirstOut),
				"queued first among the live places");
	}

	/**
	 * Under replica acknowledgement, a grant no replica acknowledged is handed to its
	 * caller: a failover to the replica loses it, and another caller takes the lock.
	 */
	@Test
	void findsAGrantNoReplicaAcknowledged() {
		assertFound((seed) -> SimulationSettings.forSeed(seed)
			.withStoreFault(SimulatedLockStore.Fault.REPLICA_SHORTFALL_IGNORED), "two holders");
	}

	/**
	 * A Redlock's raise of the fencing token counts on every master that answers, whether
	 * or not its caller still holds the lock there: a holder that lost the lock between
	 * issuing and recording its token is handed one.
	 */
	@Test
	void findsARedlockRaiseThatIgnoresTheHold() {
		assertFound((seed) -> SimulationSettings.forSeed(seed)
			.withStoreFault(SimulatedLockStore.Fault.RAISE_IGNORES_THE_HOLD), "is out of order with");
	}

	/**
	 * A Redlock's client asks again under the token of the attempt the Redlock refused:
	 * that attempt's give-back, sent again with its source after {@code NOSCRIPT}, runs
	 * after the next attempt took a master and frees it under the new holder. That takes
	 * a give-back late by the right amount, so each of the CI tier's seeds runs on a
	 * Redlock (3 masters on even seeds, 5 on odd), not only every fifth.
	 */
	@Test
	void findsARedlockRetryUnderTheRefusedAttemptsToken() {
		assertFound((seed) -> SimulationSettings.forSeed(seed)
			.withMasters((seed % 2 == 0) ? 3 : 5)
			.withStoreFault(SimulatedLockStore.Fault.REDLOCK_RETRIES_UNDER_ONE_TOKEN), "two holders");
	}

	/**
	 * A lock passed within a client with fresh leases goes back to the store only when
	 * its threads stop asking: where Redis does not queue waiters (under replica
	 * acknowledgement), another instance's waiter is passed over for as long.
	 */
	@Test
	void findsALocalPassThatNeverYieldsWhereWaitersDoNotQueue() {
		assertFound(
				(seed) -> SimulationSettings.forSeed(seed)
					.withStoreFault(SimulatedLockStore.Fault.KEPT_TURNS_UNBOUNDED),
				"turns in a row", (seed) -> SimulationSettings.forSeed(seed).acknowledgesWrites());
	}

	/** Runs the CI tier's seeds until one breaks the invariant the fault breaks. */
	private static void assertFound(Function<Long, SimulationSettings> settings, String violation) {
		assertFound(settings, violation, (seed) -> true);
	}

	/** Runs those of the CI tier's seeds that {@code seeds} takes. */
	private static void assertFound(Function<Long, SimulationSettings> settings, String violation,
			LongPredicate seeds) {
		SimulationResult found = null;
		String first = null;
		for (long seed = 1; seed <= SimulationTier.CI_SEEDS && first == null; seed++) {
			if (!seeds.test(seed)) {
				continue;
			}
			SimulationResult result = new Simulation(settings.apply(seed)).run();
			first = result.violations().stream().filter((text) -> text.contains(violation)).findFirst().orElse(null);
			found = result;
		}
		assertThat(first).as("a violation (%s) in a seed of the CI tier", violation).isNotNull();
		System.out.println("Found by " + found.summary() + ": " + first);
	}

}
