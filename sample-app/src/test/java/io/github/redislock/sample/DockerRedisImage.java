// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggerConfiguration;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether Docker can run the development Redis, decided before any bean exists so that
 * the container can be an ordinary {@code @ServiceConnection} bean: Docker must answer,
 * and the image must be there or be pulled within two minutes.
 * <p>
 * A machine with Docker but no reachable registry must get the process quickly, while
 * Testcontainers retries a failed pull for minutes, also for its own Ryuk image, which it
 * pulls as soon as it connects. So before Testcontainers connects, one bounded pull of
 * the Redis image, on a Docker client of this class's own, proves the registry reachable
 * whenever an image is missing: the Redis image, or Ryuk's (unless
 * {@code TESTCONTAINERS_RYUK_DISABLED=true}).
 * <p>
 * The answer is taken once per image and JVM: both conditions ask.
 *
 * @author redis-lock contributors
 */
final class DockerRedisImage {

	/**
	 * The property (or environment variable {@code SAMPLE_DEV_REDIS_IMAGE}) naming the
	 * image; {@value #NONE} never asks Docker.
	 */
	static final String PROPERTY = "sample.dev-redis.image";

	/**
	 * The image used when the property is not set.
	 */
	static final String DEFAULT = "redis:7";

	/**
	 * The value of {@value #PROPERTY} that always runs the process.
	 */
	static final String NONE = "none";

	/**
	 * The loggers of Testcontainers and of its Docker client.
	 */
	private static final List<String> DOCKER_LOGGERS = List.of("org.testcontainers", "com.github.dockerjava");

	private static final String RYUK_REPOSITORY = "testcontainers/ryuk";

	private static final Duration PULL_TIMEOUT = Duration.ofMinutes(2);

	private static final Logger logger = LoggerFactory.getLogger(DockerRedisImage.class);

	private static final Map<String, Optional<String>> verdicts = new ConcurrentHashMap<>();

	private DockerRedisImage() {
	}

	/**
	 * Return the image the environment names.
	 * @param environment the application's environment
	 * @return the image, such as {@code redis:7}
	 */
	static String name(Environment environment) {
		return environment.getProperty(PROPERTY, DEFAULT).trim();
	}

	/**
	 * Return why Docker cannot run the image.
	 * @param image the image
	 * @return the reason, or empty if Docker can run it
	 */
	static Optional<String> whyUnusable(String image) {
		return verdicts.computeIfAbsent(image, DockerRedisImage::probe);
	}

	private static Optional<String> probe(String image) {
		if (image.isEmpty() || NONE.equalsIgnoreCase(image)) {
			return Optional.of(PROPERTY + " is '" + image + "'");
		}
		TransportConfig transport;
		try {
			transport = quietly(() -> DockerClientFactory.instance().getTransportConfig());
		}
		catch (RuntimeException ex) {
			return Optional
				.of("Docker is not available (" + oneLine(ex) + "; --logging.level.org.testcontainers=info shows why)");
		}
		try (DockerClient docker = DockerClientProviderStrategy.getClientForConfig(transport)) {
			boolean ryukMissing = ryukEnabled()
					&& docker.listImagesCmd().withReferenceFilter(RYUK_REPOSITORY).exec().isEmpty();
			if (ryukMissing || !isPresent(docker, image)) {
				Optional<String> failed = quietly(() -> pull(docker, image));
				if (failed.isPresent()) {
					return failed.map((reason) -> ryukMissing ? reason + "; Testcontainers' Ryuk image is missing too "
							+ "(TESTCONTAINERS_RYUK_DISABLED=true runs without it)" : reason);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			return Optional.of("Docker cannot look up " + image + " (" + oneLine(ex) + ")");
		}
		try {
			// Connects Testcontainers, and starts Ryuk unless it is disabled.
			quietly(() -> DockerClientFactory.instance().client());
			return Optional.empty();
		}
		catch (RuntimeException ex) {
			return Optional.of("Testcontainers cannot use Docker (" + oneLine(ex) + ")");
		}
	}

	private static boolean isPresent(DockerClient docker, String image) {
		try {
			docker.inspectImageCmd(image).exec();
			return true;
		}
		catch (NotFoundException ex) {
			return false;
		}
	}

	private static Optional<String> pull(DockerClient docker, String image) {
		logger.info("Pulling {} for the development Redis (for at most {} s)", image, PULL_TIMEOUT.toSeconds());
		DockerImageName name = DockerImageName.parse(image);
		try (PullImageResultCallback pull = docker.pullImageCmd(name.getUnversionedPart())
			.withTag(name.getVersionPart())
			.exec(new PullImageResultCallback())) {
			if (!pull.awaitCompletion(PULL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				return Optional.of("pulling " + image + " took more than " + PULL_TIMEOUT.toSeconds() + " s");
			}
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.of("interrupted while pulling " + image);
		}
		catch (IOException | RuntimeException ex) {
			return Optional.of("Docker cannot pull " + image + " (" + oneLine(ex) + ")");
		}
	}

	/**
	 * Return an exception's message for the one log line that names the Redis in use
	 * (Docker's error replies end with a line break).
	 */
	private static String oneLine(Exception ex) {
		return String.valueOf(ex.getMessage()).strip().replaceAll("\\s+", " ");
	}

	/**
	 * Read the switch as Testcontainers' {@code ResourceReaper} reads it.
	 */
	private static boolean ryukEnabled() {
		return !Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"));
	}

	/**
	 * Call Docker with the log of Testcontainers and its client off, except where a level
	 * is configured: without Docker, Testcontainers logs an ERROR that "execution cannot
	 * continue", and a failed pull logs its stack trace, while here the application goes
	 * on with the process and says why in one line.
	 */
	private static <T> T quietly(Supplier<T> call) {
		LoggingSystem logging = LoggingSystem.get(DockerRedisImage.class.getClassLoader());
		List<String> muted = new ArrayList<>();
		for (String name : DOCKER_LOGGERS) {
			LoggerConfiguration configured = logging.getLoggerConfiguration(name);
			if (configured == null || configured.getConfiguredLevel() == null) {
				logging.setLogLevel(name, LogLevel.OFF);
				muted.add(name);
			}
		}
		try {
			return call.get();
		}
		finally {
			muted.forEach((name) -> logging.setLogLevel(name, null));
		}
	}

	/**
	 * Matches when Docker can run the image.
	 */
	static class Usable extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			String image = name(context.getEnvironment());
			return whyUnusable(image).map(ConditionOutcome::noMatch)
				.orElseGet(() -> ConditionOutcome.match("Docker can run " + image));
		}

	}

	/**
	 * Matches when Docker cannot run the image.
	 */
	static class Unusable extends NoneNestedConditions {

		Unusable() {
			super(ConfigurationPhase.PARSE_CONFIGURATION);
		}

		@Conditional(Usable.class)
		static class DockerCanRunIt {

		}

	}

}
