// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package org.springframework.boot.actuate.autoconfigure.health;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-time copy of Spring Boot 3's health indicator condition; deleted from the
 * classes after compiling, never packaged.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
public @interface ConditionalOnEnabledHealthIndicator {

	String value();

}
