// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import org.jspecify.annotations.Nullable;

/**
 * An order that a purchase created.
 *
 * @param id the order id
 * @param productId the product bought
 * @param userId the buyer
 * @param stockLeft the stock this purchase left
 * @param fencingToken the fencing token of the stock lock that the write carried, or
 * {@code null} for a purchase without the lock
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record PlacedOrder(long id, long productId, String userId, int stockLeft, @Nullable Long fencingToken) {

}
