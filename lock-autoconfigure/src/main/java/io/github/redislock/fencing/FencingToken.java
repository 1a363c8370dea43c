// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.redislock.core.StaleFencingTokenException;

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
 * An insert writes the token of the current lease
 * ({@link io.github.redislock.annotation.LockContext#current()}). An update or delete
 * first runs, in the same transaction,
 *
 * <pre class="code">
 * UPDATE stock SET fence = :token WHERE sku = :id AND fence &lt;= :token AND fence = :loaded
 * </pre>
 *
 * where {@code :loaded} is the value the session read: a larger token in the row fails
 * the flush with a {@link StaleFencingTokenException}, a row changed since it was read
 * with Hibernate's {@link org.hibernate.StaleObjectStateException}, as for
 * {@code @Version}. A matching row stays locked until the transaction ends. Writing a
 * fenced entity outside a {@code @RedisLock} method fails with an
 * {@link IllegalStateException}.
 * <p>
 * The field is a {@code Long} or {@code long}, in the table that holds the entity's
 * identifier; a {@code NULL} fence takes any token. Hibernate finds
 * {@link FencedEntityIntegrator} on the class path, so nothing needs configuring. Tokens
 * are only comparable within one lock name: write each row under the same lock name.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FencingToken {

}
