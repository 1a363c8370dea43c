// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports Spring Boot's auto-configuration of a data source, its transaction manager, a
 * {@code JdbcTemplate} and {@code @Transactional}, whichever Spring Boot line is on the
 * classpath: Spring Boot 4 moved these classes to other packages, so they are named in
 * {@code META-INF/spring/<this annotation>.imports}, each as an {@code optional:} name
 * per line (see {@link ImportRedisAutoConfiguration}).
 *
 * @author redis-lock contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ImportAutoConfiguration
public @interface ImportJdbcAutoConfiguration {

}
