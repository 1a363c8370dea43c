// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The flash sale: products, stock and orders, the locked purchase and its HTTP API.
 */
@NullMarked
package io.github.redislock.sample.shop;

import org.jspecify.annotations.NullMarked;
