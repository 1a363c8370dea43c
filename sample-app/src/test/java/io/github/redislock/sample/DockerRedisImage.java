/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.sample;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
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
 * Whether Docker can run the development Redis: Docker must answer, and the image must be
 * there or be pulled within two minutes. Deciding before any bean exists, rather than
 * falling back when the container fails to start, lets the container be an ordinary
 * {@code @ServiceConnection} bean. A machine with Docker but no reachable registry (and
 * no such image) gets the process, after one failed pull instead of Testcontainers' two
 * minutes of retries.
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

	private static final String TESTCONTAINERS_LOGGER = "org.testcontainers";

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
		DockerClient docker;
		try {
			docker = dockerClient();
		}
		catch (RuntimeException ex) {
			// Without Docker Testcontainers throws IllegalStateException; with Docker but
			// without its Ryuk image, whatever the pull threw.
			return Optional.of("Docker is not available (" + ex.getMessage()
					+ "; --logging.level.org.testcontainers=info shows why)");
		}
		try {
			docker.inspectImageCmd(image).exec();
			return Optional.empty();
		}
		catch (NotFoundException ex) {
			return pull(docker, image);
		}
		catch (RuntimeException ex) {
			return Optional.of("Docker cannot inspect " + image + " (" + ex.getMessage() + ")");
		}
	}

	/**
	 * Ask Testcontainers for its Docker client with its log off, unless a level is
	 * configured for it: without Docker it logs an ERROR that "execution cannot
	 * continue", while here the application goes on with the process, and says why.
	 */
	private static DockerClient dockerClient() {
		LoggingSystem logging = LoggingSystem.get(DockerRedisImage.class.getClassLoader());
		LoggerConfiguration configured = logging.getLoggerConfiguration(TESTCONTAINERS_LOGGER);
		boolean quiet = configured == null || configured.getConfiguredLevel() == null;
		if (quiet) {
			logging.setLogLevel(TESTCONTAINERS_LOGGER, LogLevel.OFF);
		}
		try {
			return DockerClientFactory.instance().client();
		}
		finally {
			if (quiet) {
				logging.setLogLevel(TESTCONTAINERS_LOGGER, null);
			}
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
			return Optional.of("Docker cannot pull " + image + " (" + ex.getMessage() + ")");
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
