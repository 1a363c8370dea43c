// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.shop;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports Spring Boot's Hibernate JPA auto-configuration, whichever Spring Boot line is
 * on the classpath (Spring Boot 4 moved it), from
 * {@code META-INF/spring/<this annotation>.imports}.
 *
 * @author redis-lock contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ImportAutoConfiguration
public @interface ImportJpaAutoConfiguration {

}
