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
 * Imports Spring Boot's Redis auto-configuration, whichever Spring Boot line is on the
 * classpath. {@code @ImportAutoConfiguration} takes classes, and the class moved in
 * Spring Boot 4; without classes it reads the names from
 * {@code META-INF/spring/<this annotation>.imports}, where an {@code optional:} name is
 * skipped when it is not on the classpath. That file names the class of each line.
 *
 * @author redis-lock contributors
 * @see SpringBootAutoConfigurations
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ImportAutoConfiguration
public @interface ImportRedisAutoConfiguration {

}
