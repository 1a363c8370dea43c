// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * Every observation the locks make, with its low- and high-cardinality keys. With
 * Micrometer's meter observation handler each becomes a timer of the observation's name,
 * tagged with the low-cardinality keys and {@code error}, and a {@code .active} long task
 * timer tagged with {@link LowCardinalityKeyNames#NAME} only.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see LockAcquireObservationConvention
 * @see LockHeldObservationConvention
 */
public enum LockObservationDocumentation implements ObservationDocumentation {

	/**
	 * The acquisition of a lock, named {@code redis.lock.acquire}: from the call to
	 * acquired or given up. Its scope is open on the waiting thread, so the Redis
	 * commands of the wait are its children. Contextual name {@code lock acquire <name>}.
	 */
	ACQUIRE {
		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return new KeyName[] { HighCardinalityKeyNames.KEY };
		}
	},

	/**
	 * The hold of a lock, named {@code redis.lock.held}: from acquisition to release.
	 * Without a scope: a hold can end on another thread or out of order with others, so
	 * its span is a sibling of the work's. Contextual name {@code lock held <name>}.
	 */
	HELD {
		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return HighCardinalityKeyNames.values();
		}
	};

	@Override
	public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
		return DefaultLockObservationConvention.class;
	}

	@Override
	public KeyName[] getLowCardinalityKeyNames() {
		return LowCardinalityKeyNames.values();
	}

	/** Keys of bounded values: tags of the meters and of the spans. */
	public enum LowCardinalityKeyNames implements KeyName {

		/**
		 * The lock's label: the {@code @RedisLock} label, else the class and method
		 * ({@code OrderService.buy}); for programmatic locks their label, else
		 * {@value io.github.redislock.core.LockDefinition#DEFAULT_LABEL}.
		 */
		NAME {
			@Override
			public String asString() {
				return LockMeters.NAME_TAG;
			}
		},

		/**
		 * How the acquisition ({@code acquired}, {@code not_acquired}, {@code error}) or
		 * the hold ({@code released}, {@code lost}) ended; absent while in progress.
		 */
		OUTCOME {
			@Override
			public String asString() {
				return LockMeters.OUTCOME_TAG;
			}
		}

	}

	/** Keys of unbounded values: on spans only, never meter tags. */
	public enum HighCardinalityKeyNames implements KeyName {

		/**
		 * The evaluated lock key, such as {@code order:42}; only with
		 * {@code redis-lock.metrics.include-key=true}, since keys often hold user ids.
		 */
		KEY {
			@Override
			public String asString() {
				return LockMeters.KEY;
			}
		},

		/** The fencing token of the hold, when the holder asked for one. */
		FENCING_TOKEN {
			@Override
			public String asString() {
				return LockMeters.FENCING_TOKEN;
			}
		}

	}

}
