// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.misfenced;

import io.github.redislock.autoconfigure.ImportJdbcAutoConfiguration;
import io.github.redislock.fencing.shop.ImportJpaAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/**
 * JPA with the entities of this package.
 *
 * @author redis-lock contributors
 */
@Configuration(proxyBeanMethods = false)
@ImportJdbcAutoConfiguration
@ImportJpaAutoConfiguration
@AutoConfigurationPackage
public class MisfencedJpa {

}
