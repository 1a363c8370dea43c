// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package org.springframework.boot.actuate.health;

import java.util.Map;

/**
 * Compile-time copy of the signatures of Spring Boot 3's health API that the starter
 * calls; deleted from the classes after compiling, never packaged.
 */
public final class Health {

	private Health() {
	}

	public static Builder status(String statusCode) {
		throw new UnsupportedOperationException();
	}

	public static class Builder {

		public Builder withDetails(Map<String, ?> details) {
			throw new UnsupportedOperationException();
		}

		public Health build() {
			throw new UnsupportedOperationException();
		}

	}

}
