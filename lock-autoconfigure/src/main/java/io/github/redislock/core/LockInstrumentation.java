// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.util.List;

/**
 * What a lock client reports for metrics and traces: acquisitions and their outcome,
 * holds from acquisition to release, renewals, lost leases, and calls that a fallback
 * answered.
 * <p>
 * Every method does nothing by default, and the client calls {@link #NONE} unless told
 * otherwise, so that locks cost nothing more when nobody listens: the calls are
 * monomorphic no-ops that the JIT compiles away. An acquisition and a hold are each
 * reported through the object their start returned, so that an implementation keeps what
 * it measures (a timer sample, an observation) there, without a map keyed by thread or
 * lock.
 * <p>
 * Re-entries of a lock the thread already holds are neither acquisitions nor holds.
 * Implementations must return quickly and must not throw: they run on the locking thread,
 * inside the client, and on the client's renewal thread.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see LockDefinition#label()
 */
public interface LockInstrumentation {

	/** The instrumentation that reports nothing. */
	LockInstrumentation NONE = new LockInstrumentation() {
	};

	/**
	 * Return an instrumentation that tells each of the given ones of every event, in
	 * order, as the meters and the observations each report their own part.
	 * @param instrumentations the instrumentations
	 * @return {@link #NONE} for none, the only one for one, else one that tells them all
	 */
	static LockInstrumentation composite(List<? extends LockInstrumentation> instrumentations) {
		return CompositeLockInstrumentation.of(instrumentations);
	}

	/**
	 * An acquisition begins on the current thread.
	 * @param name the lock name, such as an evaluated key
	 * @param label the bounded name the lock is reported under (see
	 * {@link LockDefinition#label()})
	 * @return the acquisition, told its outcome once, on the same thread
	 */
	default Acquisition acquisitionStarted(String name, String label) {
		return Acquisition.NONE;
	}

	/**
	 * Called when a holder that is not a thread starts to acquire a lock: like
	 * {@link #acquisitionStarted}, but the acquisition ends on another thread, so nothing
	 * may be bound to the calling thread meanwhile (an observation scope, say). The
	 * default calls {@link #acquisitionStarted}.
	 * @param name the lock name
	 * @param label the bounded name to report the lock under
	 * @return what to tell how the acquisition ends
	 */
	default Acquisition asyncAcquisitionStarted(String name, String label) {
		return acquisitionStarted(name, label);
	}

	/**
	 * A {@code @RedisLock} call whose lock was not acquired was answered by its fallback
	 * method or by the {@code LockAcquisitionFailureHandler}, which returned normally.
	 * @param name the lock name
	 * @param label the bounded name the lock is reported under
	 */
	default void fallbackAnswered(String name, String label) {
	}

	/**
	 * A tick of a {@code @Scheduled} {@code @RedisLock} method runs on this instance.
	 * @param name the lock name
	 * @param label the bounded name the lock is reported under
	 */
	default void jobRan(String name, String label) {
	}

	/**
	 * A tick of a {@code @Scheduled} {@code @RedisLock} method was skipped on this
	 * instance.
	 * @param name the lock name
	 * @param label the bounded name the lock is reported under
	 * @param reason {@code ran-elsewhere} when another instance ran the tick,
	 * {@code busy} when the job was still running from an earlier tick
	 */
	default void jobSkipped(String name, String label, String reason) {
	}

	/**
	 * One acquisition, from its start to its outcome. Exactly one of the three methods is
	 * called, on the thread that started it.
	 */
	interface Acquisition {

		/** The acquisition that reports nothing. */
		Acquisition NONE = new Acquisition() {
		};

		/**
		 * The lock was acquired.
		 * @return the hold that begins, told of its renewals, its loss and its end
		 */
		default Hold acquired() {
			return Hold.NONE;
		}

		/** The wait time passed with the lock still busy. */
		default void notAcquired() {
		}

		/**
		 * The acquisition failed: the store failed, the thread was interrupted, or the
		 * client was stopping.
		 * @param failure what it failed with
		 */
		default void failed(Throwable failure) {
		}

	}

	/**
	 * One hold, from acquisition to its end. Renewals are told on the client's renewal
	 * thread, the rest on whichever thread found them.
	 */
	interface Hold {

		/** The hold that reports nothing. */
		Hold NONE = new Hold() {
		};

		/** The store extended the lease. */
		default void renewed() {
		}

		/**
		 * A renewal could not reach the store, or the store failed it; it is retried
		 * while the lease lasts.
		 */
		default void renewalFailed() {
		}

		/**
		 * The lease was found lost: it ran out, or the store no longer records this
		 * holder. The hold still ends later, once.
		 */
		default void lost() {
		}

		/**
		 * The hold ended: its holder released it or passed it on, or its thread ended
		 * without releasing it. Called once, last.
		 * @param fencingToken the fencing token issued for the hold, {@code 0} if none
		 * was asked for
		 */
		default void ended(long fencingToken) {
		}

	}

}
