// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The replica acknowledgement properties moved to {@code redis-lock.replica-ack.*}; the
 * old names {@code replica-acks}, {@code replica-ack-timeout} and
 * {@code replica-ack-fsync} still bind and take effect, are deprecated in the metadata
 * with their replacement, and set against their replacement to another value stop
 * start-up naming both.
 *
 * @author redis-lock contributors
 */
class DeprecatedReplicaAckPropertiesTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class));

	@Test
	void oldNamesBindToTheReplicaAckGroup() {
		this.runner
			.withPropertyValues("redis-lock.replica-acks=2", "redis-lock.replica-ack-timeout=250",
					"redis-lock.replica-ack-fsync=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				RedisLockProperties properties = context.getBean(RedisLockProperties.class);
				assertThat(properties.getReplicaAck().getReplicas()).isEqualTo(2);
				assertThat(properties.getReplicaAck().getTimeout()).isEqualTo(Duration.ofMillis(250));
				assertThat(properties.getReplicaAck().isFsync()).isTrue();
			});
	}

	@Test
	void oldNamesStillMakeAcquisitionsWaitForReplicas() {
		RedisNode server = this.redis.standalone();
		this.runner
			.withPropertyValues("spring.data.redis.host=" + server.host(), "spring.data.redis.port=" + server.port(),
					"redis-lock.replica-acks=1", "redis-lock.replica-ack-timeout=50ms")
			.run((context) -> {
				LockOperations locks = context.getBean(LockOperations.class);
				assertThatExceptionOfType(LockStoreException.class)
					.isThrownBy(() -> locks.execute(
							LockDefinition.of("deprecated-acks", Duration.ofSeconds(5), Duration.ZERO), () -> "ran"))
					.withMessageContaining("only 0 of 1 replicas acknowledged it within 50 ms")
					.withMessageContaining("redis-lock.replica-ack.replicas");
			});
	}

	@Test
	void newNamesBindAndAnOldNameWithTheSameValueIsAccepted() {
		this.runner
			.withPropertyValues("redis-lock.replica-ack.replicas=1", "redis-lock.replica-ack.timeout=200",
					"redis-lock.replica-ack.fsync=true", "redis-lock.replica-acks=1")
			.run((context) -> assertThat(context.getBean(RedisLockProperties.class).getReplicaAck())
				.satisfies((ack) -> assertThat(ack.getReplicas()).isEqualTo(1))
				.satisfies((ack) -> assertThat(ack.getTimeout()).isEqualTo(Duration.ofMillis(200)))
				.satisfies((ack) -> assertThat(ack.isFsync()).isTrue()));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			redis-lock.replica-acks        | 1     | redis-lock.replica-ack.replicas | 2
			redis-lock.replica-ack-timeout | 100ms | redis-lock.replica-ack.timeout  | 200ms
			redis-lock.replica-ack-fsync   | true  | redis-lock.replica-ack.fsync    | false
			""")
	void oldAndNewNameSetToDifferentValuesStopStartUpNamingBoth(String old, String oldValue, String replacement,
			String value) {
		this.runner.withPropertyValues(old + "=" + oldValue, replacement + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining(old + " (deprecated) is ")
				.hasMessageContaining("but " + replacement + " is ")
				.hasMessageContaining("set only " + replacement);
		});
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			redis-lock.replica-acks        | redis-lock.replica-ack.replicas
			redis-lock.replica-ack-timeout | redis-lock.replica-ack.timeout
			redis-lock.replica-ack-fsync   | redis-lock.replica-ack.fsync
			""")
	void metadataDeprecatesEachOldNameInFavourOfItsReplacement(String old, String replacement) throws Exception {
		Object metadata = readMetadata();
		List<Map<String, Object>> deprecations = JsonPath.read(metadata,
				"$.properties[?(@.name == '" + old + "')].deprecation");
		assertThat(deprecations).singleElement()
			.satisfies((deprecation) -> assertThat(deprecation).containsEntry("replacement", replacement)
				.containsEntry("since", "0.1.0"));
		List<Object> replacements = JsonPath.read(metadata,
				"$.properties[?(@.name == '" + replacement + "' && !@.deprecation)].name");
		assertThat(replacements).hasSize(1);
	}

	@Test
	void everyDurationPropertySaysTheUnitOfABareNumber() throws Exception {
		List<Map<String, Object>> durations = JsonPath.read(readMetadata(),
				"$.properties[?(@.type == 'java.time.Duration' && @.name =~ /redis-lock\\..*/ && !@.deprecation)]");
		assertThat(durations).hasSizeGreaterThanOrEqualTo(7).allSatisfy((property) -> {
			String expected = switch ((String) property.get("name")) {
				case "redis-lock.expire", "redis-lock.wait-time" -> "A number without a unit is in seconds";
				default -> "A number without a unit is in milliseconds";
			};
			assertThat((String) property.get("description")).as("%s", property.get("name")).contains(expected);
		});
	}

	@Test
	void everyPropertyHasADefaultInTheMetadataOrSaysWhatUnsetMeans() throws Exception {
		List<Map<String, Object>> properties = JsonPath.read(readMetadata(),
				"$.properties[?(@.name =~ /redis-lock\\..*/ && !@.deprecation)]");
		assertThat(properties).allSatisfy((property) -> assertThat(
				property.containsKey("defaultValue") || ((String) property.get("description")).contains("nset, locks"))
			.as("%s has a defaultValue or says what unset means", property.get("name"))
			.isTrue());
	}

	private static Object readMetadata() throws Exception {
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			return JsonPath.parse(in).json();
		}
	}

}
