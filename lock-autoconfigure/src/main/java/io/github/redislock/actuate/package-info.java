// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * What the starter shows Spring Boot Actuator: the {@code locks} endpoint, a view of the
 * locks this instance holds and waits for, and the {@code redisLock} health contribution.
 * Loaded only when Actuator is on the classpath.
 * <p>
 * Internal: applications expose and secure the endpoint by its id, {@code locks}
 * ({@code EndpointRequest.to("locks")}), and may exclude
 * {@link RedisLockActuatorAutoConfiguration}.
 */
@NullMarked
package io.github.redislock.actuate;

import org.jspecify.annotations.NullMarked;
