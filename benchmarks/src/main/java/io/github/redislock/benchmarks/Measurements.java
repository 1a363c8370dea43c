// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every value measured, by scenario, contender and metric, one per repetition, and the
 * notes (failures, warnings) to print with the tables.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Measurements {

	private final Map<String, List<Double>> values = new LinkedHashMap<>();

	private final Map<String, String> texts = new LinkedHashMap<>();

	private final List<String> notes = new ArrayList<>();

	void add(String scenario, String contender, String metric, double value) {
		this.values.computeIfAbsent(key(scenario, contender, metric), (key) -> new ArrayList<>()).add(value);
	}

	List<Double> get(String scenario, String contender, String metric) {
		return this.values.getOrDefault(key(scenario, contender, metric), List.of());
	}

	double median(String scenario, String contender, String metric) {
		List<Double> found = get(scenario, contender, metric);
		return found.isEmpty() ? Double.NaN : Stats.median(found);
	}

	/**
	 * Keep a text about a contender, the last one given winning.
	 * @param scenario the scenario
	 * @param contender the contender id
	 * @param name what the text is
	 * @param text the text
	 */
	void text(String scenario, String contender, String name, String text) {
		this.texts.put(key(scenario, contender, name), text);
	}

	String text(String scenario, String contender, String name) {
		return this.texts.getOrDefault(key(scenario, contender, name), "–");
	}

	void note(String note) {
		this.notes.add(note);
		System.err.println("NOTE: " + note);
	}

	List<String> notes() {
		return this.notes;
	}

	/**
	 * Format the median with the spread of the repetitions, for example
	 * {@code 6,512 (6,300–6,620)}.
	 * @param scenario the scenario
	 * @param contender the contender id
	 * @param metric the metric
	 * @param scale multiplied into every value before formatting
	 * @return the cell text, or {@code –} when nothing was measured
	 */
	String cell(String scenario, String contender, String metric, double scale) {
		List<Double> found = get(scenario, contender, metric);
		if (found.isEmpty()) {
			return "–";
		}
		String median = format(Stats.median(found) * scale);
		if (found.size() == 1) {
			return median;
		}
		return median + " (" + format(Stats.min(found) * scale) + "–" + format(Stats.max(found) * scale) + ")";
	}

	/**
	 * Format the median of a contender over the raw baseline's median of the same run.
	 * @param scenario the scenario
	 * @param contender the contender id
	 * @param metric the metric
	 * @return the ratio, for example {@code 0.97×}
	 */
	String ratio(String scenario, String contender, String metric) {
		double raw = median(scenario, RawContender.ID, metric);
		double value = median(scenario, contender, metric);
		if (Double.isNaN(raw) || Double.isNaN(value) || raw == 0) {
			return "–";
		}
		return String.format(Locale.ROOT, "%.2f×", value / raw);
	}

	static String format(double value) {
		if (Double.isNaN(value)) {
			return "–";
		}
		double magnitude = Math.abs(value);
		if (magnitude >= 100) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		if (magnitude >= 10) {
			return String.format(Locale.ROOT, "%.1f", value);
		}
		return String.format(Locale.ROOT, "%.2f", value);
	}

	private static String key(String scenario, String contender, String metric) {
		return scenario + "|" + contender + "|" + metric;
	}

}
