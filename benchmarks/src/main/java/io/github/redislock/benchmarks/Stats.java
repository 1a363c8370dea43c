// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * Statistics over measured values: percentiles of latency samples, kept in HdrHistogram
 * histograms, and medians of repetitions.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Stats {

	/**
	 * Significant decimal digits a latency histogram keeps: a percentile read from it
	 * lies within 0.1% above the sample it stands for, finer than the three digits the
	 * report prints.
	 */
	private static final int SIGNIFICANT_DIGITS = 3;

	private Stats() {
	}

	/**
	 * Return an empty histogram for latencies in nanoseconds. It grows with the largest
	 * value recorded, so a call that stalls for seconds is counted rather than rejected.
	 * Not thread-safe: each measuring thread records into its own and the histograms are
	 * added together afterwards.
	 * @return the histogram
	 */
	static Histogram latencies() {
		return new Histogram(SIGNIFICANT_DIGITS);
	}

	/**
	 * Return a percentile of the recorded latencies.
	 * @param latencies the latencies in nanoseconds
	 * @param percentile between 0 and 100
	 * @return the percentile in nanoseconds, or {@code NaN} with no samples
	 */
	static double percentile(Histogram latencies, double percentile) {
		return (latencies.getTotalCount() == 0) ? Double.NaN : latencies.getValueAtPercentile(percentile);
	}

	// Medians, minima and maxima are taken over the repetitions of a scenario, a handful
	// of
	// values (3 by default) that the report prints as they are: a histogram would only
	// round them, so they stay plain.

	/**
	 * Return the median of the values, the mean of the middle two for an even count.
	 * @param values the values, not empty
	 * @return the median
	 */
	static double median(List<Double> values) {
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	static double min(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
	}

	static double max(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
	}

}
