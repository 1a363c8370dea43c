// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.shop;

import io.github.redislock.fencing.FencingToken;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.jspecify.annotations.Nullable;

/**
 * A fenced entity: each write carries the fencing token of the lease it was made under.
 *
 * @author redis-lock contributors
 */
@Entity
public class Stock {

	@Id
	private String sku;

	private int quantity;

	@FencingToken
	private @Nullable Long fence;

	protected Stock() {
		this.sku = "";
	}

	public Stock(String sku, int quantity) {
		this.sku = sku;
		this.quantity = quantity;
	}

	public String getSku() {
		return this.sku;
	}

	public int getQuantity() {
		return this.quantity;
	}

	public void setQuantity(int quantity) {
		this.quantity = quantity;
	}

	public @Nullable Long getFence() {
		return this.fence;
	}

}
