// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.demo;

import java.util.List;
import java.util.Locale;

/**
 * What one run of the load demonstration observed.
 *
 * @param label the row label
 * @param requests the requests sent
 * @param ordersCreated the orders in the database afterwards
 * @param finalStock the stock afterwards
 * @param oversold orders beyond the initial stock
 * @param duplicateOrders orders that are a user's second or later
 * @param notAcquired requests answered 409 because a lock was not acquired
 * @param soldOut requests answered 409 sold out
 * @param alreadyOrdered requests answered 409 already ordered
 * @param errors requests that failed otherwise (other statuses, I/O errors, timeouts)
 * @param p50Millis the median latency
 * @param p99Millis the 99th percentile latency
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LoadResult(String label, int requests, int ordersCreated, int finalStock, int oversold,
		int duplicateOrders, int notAcquired, int soldOut, int alreadyOrdered, int errors, double p50Millis,
		double p99Millis) {

	private static final String ROW = "%-19s %8s %14s %11s %8s %16s %12s %8s %15s %6s %7s %7s%n";

	/**
	 * Return whether the run kept both rules: no oversell and one order per user.
	 * @return whether the run was correct
	 */
	public boolean correct() {
		return this.oversold == 0 && this.duplicateOrders == 0;
	}

	/**
	 * Format results as a table.
	 * @param results the rows
	 * @return the table, one line per row after the header
	 */
	public static String table(List<LoadResult> results) {
		StringBuilder table = new StringBuilder(String.format(Locale.ROOT, ROW, "", "requests", "orders created",
				"final stock", "oversold", "duplicate orders", "not acquired", "sold out", "already ordered", "errors",
				"p50 ms", "p99 ms"));
		for (LoadResult result : results) {
			table.append(String.format(Locale.ROOT, ROW, result.label, result.requests, result.ordersCreated,
					result.finalStock, result.oversold, result.duplicateOrders, result.notAcquired, result.soldOut,
					result.alreadyOrdered, result.errors, String.format(Locale.ROOT, "%.1f", result.p50Millis),
					String.format(Locale.ROOT, "%.1f", result.p99Millis)));
		}
		return table.toString();
	}

}
