// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.sample.shop.PurchaseRefusedException.Reason;

import org.springframework.stereotype.Service;

/**
 * The flash sale: one order per user and product. The check ("has this user ordered?")
 * and the act (sell and record the order) must not interleave with the same user's other
 * purchase, or a double click creates two orders.
 * <p>
 * {@link #purchase} holds a lock per product and user with {@code waitTime = 0}: a second
 * purchase by the same user while the first is running is refused at once, as HTTP 409,
 * instead of queueing. Purchases by different users run in parallel up to the stock lock
 * of {@link StockDesk#sell}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Service
public class FlashSale {

	private final ShopRepository shop;

	private final StockDesk stockDesk;

	FlashSale(ShopRepository shop, StockDesk stockDesk) {
		this.shop = shop;
		this.stockDesk = stockDesk;
	}

	/**
	 * Buy one unit, under the user's lock and then the product's.
	 * @param productId the product
	 * @param userId the buyer
	 * @return the order
	 * @throws PurchaseRefusedException if the user already ordered or the product is sold
	 * out
	 * @throws io.github.redislock.core.LockAcquisitionException if the same user's other
	 * purchase holds the lock, or the product's lock stayed busy for the whole
	 * {@code redis-lock.wait-time}
	 */
	@RedisLock(key = "'order:' + #productId + ':' + #userId", waitTime = 0)
	public PlacedOrder purchase(long productId, String userId) {
		refuseSecondOrder(productId, userId);
		return this.stockDesk.sell(productId, userId);
	}

	/**
	 * Buy one unit with the same code and no lock at all, to show what the locks prevent.
	 * @param productId the product
	 * @param userId the buyer
	 * @return the order
	 * @throws PurchaseRefusedException if the user already ordered or the product is sold
	 * out
	 */
	public PlacedOrder purchaseWithoutLock(long productId, String userId) {
		refuseSecondOrder(productId, userId);
		return this.stockDesk.sellWithoutLock(productId, userId);
	}

	private void refuseSecondOrder(long productId, String userId) {
		if (this.shop.hasOrder(productId, userId)) {
			throw new PurchaseRefusedException(Reason.ALREADY_ORDERED, productId, userId,
					"User " + userId + " already has an order for product " + productId);
		}
	}

}
