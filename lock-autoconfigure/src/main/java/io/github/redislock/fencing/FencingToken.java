// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the field of a JPA entity that holds the fencing token of the last lease it was
 * written under, so that Hibernate refuses a write from a holder whose lease ran out, as
 * {@code @Version} refuses a write from a stale read:
 *
 * <pre class="code">
 * &#64;Entity
 * public class Stock {
 *     &#64;Id String sku;
 *     int quantity;
 *     &#64;FencingToken Long fence;
 * }
 *
 * &#64;RedisLock(key = "'stock:' + #sku")
 * &#64;Transactional
 * public void take(String sku) {
 *     Stock stock = stocks.findById(sku).orElseThrow();
 *     stock.quantity--; // flushed with the lease's token, or refused
 * }
 * </pre>
 *
 * When an entity is updated or deleted, its write first runs, in the same transaction,
 *
 * <pre class="code">
 * UPDATE stock SET fence = :token WHERE sku = :id AND (fence &lt; :token OR fence IS NULL)
 * </pre>
 *
 * with the token of the current lease
 * ({@link io.github.redislock.annotation.LockContext#current()}). The database decides
 * atomically: when no row matches, the row holds a token as large as this holder's, a
 * newer holder wrote it, and the flush fails with a {@link StaleFencingTokenException};
 * when one does, the row stays locked until the transaction ends, so no other holder's
 * write slips in between. The entity's field is then set to the token; an insert writes
 * the token as it is. Writing a fenced entity outside a {@code @RedisLock} method fails
 * with an {@link IllegalStateException} naming the entity.
 * <p>
 * The field is a {@code Long} or {@code long}, mapped to a column of the table that holds
 * the entity's identifier; a row whose column is {@code NULL} (written before the column
 * existed) takes any token. Hibernate applies it through {@link FencedEntityIntegrator},
 * which it finds on the class path; nothing needs to be configured. The tokens are only
 * comparable within one lock name: write each row under the same lock name, as the
 * example does with the row's key.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FencingToken {

}
