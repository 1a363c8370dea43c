// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.jspecify.annotations.Nullable;

/**
 * An entity without a fencing token, with a column of the same name that nothing sets.
 *
 * @author redis-lock contributors
 */
@Entity
public class Shelf {

	@Id
	private String name;

	private int items;

	private @Nullable Long fence;

	protected Shelf() {
		this.name = "";
	}

	public Shelf(String name, int items) {
		this.name = name;
		this.items = items;
	}

	public int getItems() {
		return this.items;
	}

	public void setItems(int items) {
		this.items = items;
	}

	public @Nullable Long getFence() {
		return this.fence;
	}

}
