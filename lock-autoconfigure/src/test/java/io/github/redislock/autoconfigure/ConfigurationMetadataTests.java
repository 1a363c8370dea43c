// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.jayway.jsonpath.JsonPath;
import io.github.redislock.annotation.LostLeaseAction;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata that IDEs complete {@code redis-lock.*} properties from
 * offers every value of the enumerated properties, with a description.
 *
 * @author redis-lock contributors
 */
class ConfigurationMetadataTests {

	@Test
	void everyLostLeaseActionIsOfferedWithADescription() throws Exception {
		Object metadata = read();
		List<String> offered = JsonPath.read(metadata,
				"$.hints[?(@.name == 'redis-lock.lost-lease-action')].values[*].value");
		List<String> described = JsonPath.read(metadata,
				"$.hints[?(@.name == 'redis-lock.lost-lease-action')].values[*].description");

		assertThat(offered).containsExactlyInAnyOrderElementsOf(Arrays.stream(LostLeaseAction.values())
			.map((action) -> action.name().toLowerCase(Locale.ROOT))
			.toList());
		assertThat(described).hasSameSizeAs(offered).allSatisfy((text) -> assertThat(text).isNotBlank());
	}

	private static Object read() throws Exception {
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			return JsonPath.parse(in).json();
		}
	}

}
