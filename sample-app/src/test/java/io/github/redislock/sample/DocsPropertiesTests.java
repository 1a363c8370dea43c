// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.redislock.autoconfigure.RedisLockProperties;
import org.junit.jupiter.api.Test;

import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.convert.DurationStyle;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the table of {@code redis-lock.*} properties in {@code docs/configuration.md} in
 * step with the configuration metadata that the annotation processor generates from
 * {@link RedisLockProperties}: the same properties, the same descriptions, and defaults
 * that agree with both the metadata and a freshly created properties object.
 *
 * @author redis-lock contributors
 */
class DocsPropertiesTests {

	private static final String PAGE = "docs/configuration.md";

	private static final Pattern ROW = Pattern
		.compile("^\\| `(redis-lock\\.[a-z.-]+)` \\| `([^`]*)`[^|]* \\| (.*) \\|$", Pattern.MULTILINE);

	@Test
	void configurationPageListsEveryPropertyOfTheMetadataWithItsDefaultAndDescription() throws IOException {
		Map<String, JsonNode> metadata = metadataProperties();
		Map<String, String[]> documented = documentedRows();

		assertThat(documented.keySet()).as("properties in %s (left) and in the metadata", PAGE)
			.containsExactlyInAnyOrderElementsOf(metadata.keySet());
		for (Map.Entry<String, String[]> row : documented.entrySet()) {
			String name = row.getKey();
			JsonNode property = metadata.get(name);
			String documentedDefault = row.getValue()[0];
			assertThat(row.getValue()[1]).as("%s's meaning of %s: paste the metadata's description", PAGE, name)
				.isEqualTo(property.path("description").asText());
			if (property.has("defaultValue")) {
				assertThat(sameValue(documentedDefault, property.get("defaultValue").asText()))
					.as("%s's default of %s is `%s`, the metadata's %s", PAGE, name, documentedDefault,
							property.get("defaultValue"))
					.isTrue();
			}
			Object actual = new BeanWrapperImpl(new RedisLockProperties()).getPropertyValue(beanPath(name));
			assertThat(sameValue(documentedDefault, actual))
				.as("%s's default of %s is `%s`, RedisLockProperties starts with %s", PAGE, name, documentedDefault,
						actual)
				.isTrue();
		}
	}

	private static boolean sameValue(String documented, Object value) {
		if (value == null) {
			return documented.equals("none");
		}
		if (value instanceof Duration duration) {
			return DurationStyle.detectAndParse(documented).equals(duration);
		}
		if (value instanceof Enum<?> constant) {
			return constant.name().equalsIgnoreCase(documented);
		}
		String text = String.valueOf(value);
		if (text.matches("-?[0-9.]+") && documented.matches("-?[0-9.]+")) {
			return new BigDecimal(text).compareTo(new BigDecimal(documented)) == 0;
		}
		if (text.matches("[0-9]+[a-z]+") && documented.matches("[0-9]+[a-z]+")) {
			return DurationStyle.detectAndParse(documented).equals(DurationStyle.detectAndParse(text));
		}
		return text.equals(documented);
	}

	/**
	 * Map {@code redis-lock.retry.max-delay} to the bean path {@code retry.maxDelay}.
	 */
	private static String beanPath(String name) {
		String path = name.substring("redis-lock.".length());
		Matcher dash = Pattern.compile("-([a-z])").matcher(path);
		StringBuilder camel = new StringBuilder();
		while (dash.find()) {
			dash.appendReplacement(camel, dash.group(1).toUpperCase(Locale.ROOT));
		}
		dash.appendTail(camel);
		return camel.toString();
	}

	private static Map<String, String[]> documentedRows() throws IOException {
		Matcher row = ROW.matcher(Files.readString(RepositoryRoot.resolve(PAGE), StandardCharsets.UTF_8));
		Map<String, String[]> rows = new TreeMap<>();
		while (row.find()) {
			rows.put(row.group(1), new String[] { row.group(2), row.group(3) });
		}
		return rows;
	}

	private static Map<String, JsonNode> metadataProperties() throws IOException {
		Map<String, JsonNode> properties = new TreeMap<>();
		ObjectMapper json = new ObjectMapper();
		for (URL resource : Collections.list(DocsPropertiesTests.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json"))) {
			try (InputStream in = resource.openStream()) {
				for (JsonNode property : json.readTree(in).path("properties")) {
					String name = property.path("name").asText();
					if (name.startsWith("redis-lock.")) {
						properties.put(name, property);
					}
				}
			}
		}
		assertThat(properties).as("redis-lock.* properties in the configuration metadata").isNotEmpty();
		return properties;
	}

}
