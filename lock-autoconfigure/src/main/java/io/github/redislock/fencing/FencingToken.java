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
 * Marks the {@code Long} or {@code long} field of a JPA entity that holds the fencing
 * token of the last lease that wrote it, so that Hibernate refuses a write from a holder
 * whose lease ran out, as {@code @Version} refuses one from a stale read:
 *
 * <pre class="code">
 * &#64;Entity
 * public class Stock {
 *     &#64;Id String sku;
 *     int quantity;
 *     &#64;FencingToken Long fence;
 * }
 * </pre>
 *
 * Inside a {@code @RedisLock} method, an insert writes the current lease's token
 * ({@link io.github.redislock.annotation.LockContext#current()}); an update or delete
 * first runs, in its transaction, {@code UPDATE stock SET fence = :token WHERE sku = :id
 * AND fence <= :token AND fence = :loaded}. A larger token in the row fails the flush
 * with a {@link StaleFencingTokenException}, a row changed since the session read it with
 * Hibernate's {@link org.hibernate.StaleObjectStateException}. A fenced write outside a
 * {@code @RedisLock} method fails with an {@link IllegalStateException}.
 * <p>
 * The column is in the table of the entity's identifier; a {@code NULL} fence takes any
 * token. Tokens compare only within one lock name, so write each row under the same one.
 * Hibernate finds {@link FencedEntityIntegrator} itself: nothing needs configuring.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FencingToken {

}
