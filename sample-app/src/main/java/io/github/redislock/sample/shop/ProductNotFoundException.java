// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

/**
 * Thrown for a product id that does not exist.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class ProductNotFoundException extends RuntimeException {

	private final long productId;

	ProductNotFoundException(long productId) {
		super("No product " + productId);
		this.productId = productId;
	}

	public long getProductId() {
		return this.productId;
	}

}
