// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.report;

import java.time.Instant;
import java.util.List;

import io.github.redislock.sample.shop.ProductView;

/**
 * What one run of the {@link DailySalesReport} found, published as an application event
 * for whoever wants to mail or store it.
 *
 * @param at when the report ran
 * @param products the products on sale
 * @param orders the orders placed since the last reset, over every product
 * @param buyers the distinct buyers, summed over the products
 * @param unitsLeft the stock left, over every product
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record SalesReport(Instant at, int products, int orders, int buyers, int unitsLeft) {

	static SalesReport of(Instant at, List<ProductView> products) {
		return new SalesReport(at, products.size(), products.stream().mapToInt(ProductView::orders).sum(),
				products.stream().mapToInt(ProductView::buyers).sum(),
				products.stream().mapToInt(ProductView::stock).sum());
	}

	/**
	 * Return the report as one line for the log.
	 * @return the summary
	 */
	public String summary() {
		return "Sales report: " + this.orders + " orders from " + this.buyers + " buyers, " + this.unitsLeft
				+ " units left over " + this.products + " products";
	}

}
