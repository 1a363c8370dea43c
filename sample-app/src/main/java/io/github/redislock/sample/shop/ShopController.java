// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.net.URI;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The flash sale over HTTP: list, buy with and without the lock, reset. Every refusal is
 * an RFC 9457 problem detail, see {@link ShopProblems}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@RestController
@RequestMapping("/api/products")
class ShopController {

	private static final int MAX_USER_ID_LENGTH = 64;

	private final ShopRepository shop;

	private final FlashSale flashSale;

	ShopController(ShopRepository shop, FlashSale flashSale) {
		this.shop = shop;
		this.flashSale = flashSale;
	}

	@GetMapping
	List<ProductView> products() {
		return this.shop.products();
	}

	@GetMapping("/{id}")
	ProductView product(@PathVariable("id") long id) {
		return this.shop.product(id);
	}

	@PostMapping("/{id}/purchase")
	ResponseEntity<PlacedOrder> purchase(@PathVariable("id") long id, @RequestParam("user") String user) {
		return created(this.flashSale.purchase(id, checkUser(user)));
	}

	@PostMapping("/{id}/purchase-without-lock")
	ResponseEntity<PlacedOrder> purchaseWithoutLock(@PathVariable("id") long id, @RequestParam("user") String user) {
		return created(this.flashSale.purchaseWithoutLock(id, checkUser(user)));
	}

	@PostMapping("/{id}/reset")
	ProductView reset(@PathVariable("id") long id,
			@RequestParam(name = "stock", required = false) @Nullable Integer stock) {
		if (stock != null && stock < 0) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "stock must not be negative");
		}
		this.shop.reset(id, (stock != null) ? stock : this.shop.product(id).initialStock());
		return this.shop.product(id);
	}

	private static String checkUser(String user) {
		if (user.isBlank() || user.length() > MAX_USER_ID_LENGTH) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"user must be 1 to " + MAX_USER_ID_LENGTH + " characters");
		}
		return user;
	}

	private static ResponseEntity<PlacedOrder> created(PlacedOrder order) {
		return ResponseEntity.created(URI.create("/api/products/" + order.productId())).body(order);
	}

}
