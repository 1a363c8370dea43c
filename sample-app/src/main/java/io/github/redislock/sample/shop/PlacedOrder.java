/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.sample.shop;

import org.jspecify.annotations.Nullable;

/**
 * An order that a purchase created.
 *
 * @param id the order id
 * @param productId the product bought
 * @param userId the buyer
 * @param stockLeft the stock this purchase left
 * @param fencingToken the fencing token of the stock lock that the write carried, or
 * {@code null} for a purchase without the lock
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record PlacedOrder(long id, long productId, String userId, int stockLeft, @Nullable Long fencingToken) {

}
