// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.shop;

import io.github.redislock.autoconfigure.ImportJdbcAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * Spring Boot's data source, JPA and transaction auto-configuration with the entities and
 * repositories of this package, on either Spring Boot line.
 *
 * @author redis-lock contributors
 */
@Configuration(proxyBeanMethods = false)
@ImportJdbcAutoConfiguration
@ImportJpaAutoConfiguration
@AutoConfigurationPackage
@EnableJpaRepositories
public class ShopJpa {

}
