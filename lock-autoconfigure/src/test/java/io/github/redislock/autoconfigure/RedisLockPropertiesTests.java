// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.JsonPath;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockBackoff;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.validation.BeanPropertyBindingResult;
import org.springframework.validation.Errors;
import org.springframework.validation.FieldError;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RedisLockProperties}: its defaults agree with the annotation's and the
 * engine's, and its metadata documents every property.
 *
 * @author redis-lock contributors
 */
class RedisLockPropertiesTests {

	private final RedisLockProperties properties = new RedisLockProperties();

	@Test
	void annotationDefaultsDeferToTheProperties() throws Exception {
		assertThat(attributeDefault("expire")).isEqualTo(-1L);
		assertThat(attributeDefault("waitTime")).isEqualTo(-1L);
		assertThat(attributeDefault("renew")).isEqualTo(this.properties.getRenewal().isEnabled());
	}

	@Test
	void plainNumbersAreSecondsLikeTheAnnotationsDefaultUnit() throws Exception {
		assertThat(attributeDefault("timeUnit")).isEqualTo(TimeUnit.SECONDS);
		RedisLockProperties bound = new Binder(
				new MapConfigurationPropertySource(Map.of("redis-lock.expire", "12", "redis-lock.wait-time", "2")))
			.bind("redis-lock", RedisLockProperties.class)
			.get();
		assertThat(bound.getExpire()).isEqualTo(Duration.ofSeconds(12));
		assertThat(bound.getWaitTime()).isEqualTo(Duration.ofSeconds(2));
	}

	@Test
	void retryDefaultsAreTheEnginesDefaultBackoff() {
		assertThat(this.properties.getRetry().toBackoff()).isEqualTo(LockBackoff.DEFAULT);
	}

	@Test
	void longestTimesAreTheEnginesLongestLease() {
		Duration longest = Duration.ofNanos(Long.MAX_VALUE);
		this.properties.setExpire(longest);
		this.properties.getRetry().setMaxDelay(longest);
		assertThat(errors(this.properties).getAllErrors()).isEmpty();
		assertThat(this.properties.getRetry().toBackoff().maxDelay()).isEqualTo(longest);
		this.properties.setExpire(longest.plusNanos(1));
		this.properties.getRetry().setMaxDelay(longest.plusNanos(1));
		assertThat(errors(this.properties).getFieldErrors()).extracting(FieldError::getField)
			.containsExactly("expire", "retry.maxDelay");
	}

	@Test
	void documentedDefaults() {
		assertThat(this.properties.getKeyPrefix()).isEqualTo("lock:");
		assertThat(this.properties.getExpire()).isEqualTo(Duration.ofSeconds(30));
		assertThat(this.properties.getWaitTime()).isEqualTo(Duration.ofSeconds(3));
		assertThat(this.properties.getRenewal().isEnabled()).isTrue();
		assertThat(this.properties.getAspect().getOrder()).isEqualTo(Integer.MAX_VALUE - 1);
		assertThat(this.properties.getShutdown().getTimeout()).isEqualTo(Duration.ofSeconds(5));
	}

	@Test
	void everyPropertyHasADescriptionInTheMetadata() throws Exception {
		String json = new ClassPathResource("META-INF/spring-configuration-metadata.json")
			.getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
		List<Map<String, Object>> properties = JsonPath.read(json, "$.properties[?(@.name =~ /redis-lock\\..*/)]");
		assertThat(properties).extracting((property) -> property.get("name"))
			.contains("redis-lock.enabled", "redis-lock.key-prefix", "redis-lock.expire", "redis-lock.wait-time",
					"redis-lock.lost-lease-action", "redis-lock.retry.delay", "redis-lock.retry.multiplier",
					"redis-lock.retry.max-delay", "redis-lock.retry.jitter", "redis-lock.renewal.enabled",
					"redis-lock.aspect.order");
		assertThat(properties).allSatisfy((property) -> assertThat((String) property.get("description"))
			.as("description of %s", property.get("name"))
			.isNotBlank());
	}

	private static Errors errors(RedisLockProperties properties) {
		Errors errors = new BeanPropertyBindingResult(properties, "redis-lock");
		properties.validate(properties, errors);
		return errors;
	}

	private static Object attributeDefault(String name) throws Exception {
		Method attribute = RedisLock.class.getDeclaredMethod(name);
		return attribute.getDefaultValue();
	}

}
