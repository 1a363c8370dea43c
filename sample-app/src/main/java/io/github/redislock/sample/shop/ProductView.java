// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

/**
 * A product with its stock and what was sold of it. Without the lock, {@code orders} can
 * exceed {@code initialStock} ({@code oversold}) and one user can hold several orders
 * ({@code duplicateOrders}).
 *
 * @param id the product id
 * @param name the product name
 * @param initialStock the stock at the last reset
 * @param stock the stock left
 * @param orders the orders placed since the last reset
 * @param buyers the distinct users who ordered
 * @param oversold how many orders exceed the initial stock
 * @param duplicateOrders how many orders are a user's second or later
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record ProductView(long id, String name, int initialStock, int stock, int orders, int buyers, int oversold,
		int duplicateOrders) {

	static ProductView of(long id, String name, int initialStock, int stock, int orders, int buyers) {
		return new ProductView(id, name, initialStock, stock, orders, buyers, Math.max(0, orders - initialStock),
				orders - buyers);
	}

}
