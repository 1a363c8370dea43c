/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.benchmarks;

import java.util.Arrays;
import java.util.List;

/**
 * Order statistics over measured values: medians of repetitions and percentiles of
 * latency samples.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Stats {

	private Stats() {
	}

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

	/**
	 * Return the nearest-rank percentile of the first {@code count} samples.
	 * @param samples the samples, reordered in place
	 * @param count how many samples are valid
	 * @param percentile between 0 and 100
	 * @return the percentile, or {@code NaN} with no samples
	 */
	static double percentile(long[] samples, int count, double percentile) {
		if (count == 0) {
			return Double.NaN;
		}
		Arrays.sort(samples, 0, count);
		int rank = (int) Math.ceil(percentile / 100.0 * count);
		return samples[Math.max(0, Math.min(count - 1, rank - 1))];
	}

}
