// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.sample.shop.PurchaseRefusedException.Reason;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The stock deduction: read the stock, check it, write it back decremented, and record
 * the order, in one transaction. Between the read and the write another purchase can read
 * the same stock; without a lock both write the same value and both create an order,
 * which oversells.
 * <p>
 * {@link #sell} holds the product's lock around the transaction (the lock advisor runs
 * outside {@code @Transactional} by default, so no database connection is held while
 * waiting, and the lock is released only after the commit). Its write goes through
 * {@link io.github.redislock.fencing.FencedJdbcTemplate}, which adds the lock's fencing
 * token to it, so that a holder whose lease ran out cannot overwrite a newer holder's
 * stock.
 * <p>
 * {@code sample.shop.sell-delay} (none by default) makes each locked sale take that much
 * longer, like a slow payment step, to watch what a shutdown does with locks held: the CI
 * smoke test sends SIGTERM while sales hold their locks and checks that none is left in
 * Redis.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Service
public class StockDesk {

	private final ShopRepository shop;

	private final Duration sellDelay;

	StockDesk(ShopRepository shop, @Value("${sample.shop.sell-delay:0ms}") Duration sellDelay) {
		this.shop = shop;
		this.sellDelay = sellDelay;
	}

	/**
	 * Sell one unit under the product's lock.
	 * @param productId the product
	 * @param userId the buyer
	 * @return the order
	 * @throws PurchaseRefusedException if the product is sold out
	 */
	@RedisLock(key = "'stock:' + #productId")
	@Transactional
	public PlacedOrder sell(long productId, String userId) {
		long fencingToken = LockContext.current().getFencingToken();
		pause();
		return deductAndRecord(productId, userId, fencingToken);
	}

	/**
	 * Sell one unit with the same code and no lock, to show what the lock prevents.
	 * @param productId the product
	 * @param userId the buyer
	 * @return the order
	 * @throws PurchaseRefusedException if the product is sold out
	 */
	@Transactional
	public PlacedOrder sellWithoutLock(long productId, String userId) {
		return deductAndRecord(productId, userId, null);
	}

	/**
	 * Wait out the sell delay, like a call to a payment service that does not heed
	 * interrupts: a shutdown cannot cut it short, so the sale holds its lock past the
	 * shutdown phases. The interrupt flag is set again afterwards.
	 */
	private void pause() {
		long end = System.nanoTime() + this.sellDelay.toNanos();
		boolean interrupted = false;
		for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
			try {
				TimeUnit.NANOSECONDS.sleep(left);
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	private PlacedOrder deductAndRecord(long productId, String userId, @Nullable Long fencingToken) {
		int stock = this.shop.stock(productId);
		if (stock <= 0) {
			throw new PurchaseRefusedException(Reason.SOLD_OUT, productId, userId,
					"Product " + productId + " is sold out");
		}
		if (fencingToken == null) {
			this.shop.writeStock(productId, stock - 1);
		}
		else {
			try {
				this.shop.writeFencedStock(productId, stock - 1);
			}
			catch (StaleFencingTokenException ex) {
				throw new PurchaseRefusedException(Reason.STALE_FENCING_TOKEN, productId, userId,
						"The stock of product " + productId + " was written under a newer lock than this purchase's "
								+ "(fencing token " + fencingToken + "); nothing was bought");
			}
		}
		long orderId = this.shop.insertOrder(productId, userId, fencingToken);
		return new PlacedOrder(orderId, productId, userId, stock - 1, fencingToken);
	}

}
