// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

/**
 * A purchase that the shop refused for a business reason; nothing was written.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class PurchaseRefusedException extends RuntimeException {

	private final Reason reason;

	private final long productId;

	private final String userId;

	PurchaseRefusedException(Reason reason, long productId, String userId, String message) {
		super(message);
		this.reason = reason;
		this.productId = productId;
		this.userId = userId;
	}

	public Reason getReason() {
		return this.reason;
	}

	public long getProductId() {
		return this.productId;
	}

	public String getUserId() {
		return this.userId;
	}

	/**
	 * Why a purchase was refused.
	 */
	public enum Reason {

		/**
		 * The product has no stock left.
		 */
		SOLD_OUT,

		/**
		 * The user already has an order for the product.
		 */
		ALREADY_ORDERED,

		/**
		 * The stock row carries a newer fencing token than the lock this purchase held:
		 * the lock expired and another holder wrote since.
		 */
		STALE_FENCING_TOKEN

	}

}
