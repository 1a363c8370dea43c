// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package org.springframework.boot.actuate.health;

/**
 * Compile-time copy of the signatures of Spring Boot 3's health API that the starter
 * calls; deleted from the classes after compiling, never packaged.
 */
public interface HealthIndicator {

	Health health();

}
