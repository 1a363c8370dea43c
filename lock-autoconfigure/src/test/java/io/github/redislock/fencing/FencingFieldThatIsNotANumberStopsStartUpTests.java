// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.UUID;

import io.github.redislock.fencing.misfenced.MisfencedJpa;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A {@code @FencingToken} field that cannot hold a token stops the session factory, and
 * so the application, naming the entity and the field.
 *
 * @author redis-lock contributors
 */
class FencingFieldThatIsNotANumberStopsStartUpTests {

	@Test
	void startUpFailsNamingTheEntityAndTheField() {
		assertThatThrownBy(() -> new SpringApplicationBuilder(MisfencedJpa.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off",
					"spring.datasource.url=jdbc:h2:mem:misfenced-" + UUID.randomUUID())
			.run()
			.close()).rootCause()
			.isInstanceOf(IllegalStateException.class)
			.hasMessage("@FencingToken field 'fence' of entity io.github.redislock.fencing.misfenced.Label is a "
					+ "java.lang.String: it must be a Long or long");
	}

}
