// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.shop;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * Spring Data access to {@link Shelf}.
 *
 * @author redis-lock contributors
 */
public interface ShelfRepository extends JpaRepository<Shelf, String> {

}
