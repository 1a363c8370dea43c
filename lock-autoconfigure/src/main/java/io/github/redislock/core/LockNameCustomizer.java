// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Rewrites every lock name before the store sees it, for example to put a tenant in front
 * of it so that tenants sharing a Redis and a key prefix do not exclude each other:
 * {@code (name) -> TenantContext.current() + ":" + name}. It applies to
 * {@code @RedisLock} methods and programmatic locks alike.
 * <p>
 * The auto-configuration applies every {@code LockNameCustomizer} bean, in
 * {@link org.springframework.core.Ordered order}, each to the result of the one before.
 * It is called on the caller's thread each time a lock is asked for, so it may read the
 * caller's context, but must give the same name for the same input in the same context.
 * Redis keys, meters, logs, the {@code locks} endpoint and
 * {@code DefaultLockClient.revoke(String)} see the names it returns.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@FunctionalInterface
public interface LockNameCustomizer {

	/**
	 * Return the name to lock instead of the given one.
	 * @param name the lock name as the annotation's key or the caller gave it, not blank
	 * @return the name to lock, not blank
	 */
	String customize(String name);

}
