// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.env.Environment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * What stops start-up rather than let locks that may not hold look as if they did, and
 * what it warns about. An import selector, so that the Spring Boot line is checked while
 * configuration is parsed, before any bean exists; the rest as the lock store is made.
 *
 * @author redis-lock contributors
 */
class StartUpChecks implements ImportSelector {

	/** The oldest Spring Boot line the starter supports, as major and minor version. */
	private static final String MINIMUM_SPRING_BOOT = "3.3";

	private static final String KEY_PREFIX = "redis-lock.key-prefix";

	private static final String DEFAULT_PREFIX = new RedisLockProperties().getKeyPrefix();

	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			StartUpChecks.class.getClassLoader());

	private static final boolean JEDIS = ClassUtils.isPresent("redis.clients.jedis.Jedis",
			StartUpChecks.class.getClassLoader());

	private static final Logger logger = LoggerFactory.getLogger(StartUpChecks.class);

	@Override
	public String[] selectImports(AnnotationMetadata importingClassMetadata) {
		checkSpringBoot(SpringBootVersion.getVersion());
		return new String[0];
	}

	/**
	 * Refuses a line older than the starter is tested on, where a lock may half work.
	 * {@code version} is such as {@code 4.1.0-RC1}; {@code null} or unreadable (a
	 * repackaged jar without its manifest) passes.
	 */
	static void checkSpringBoot(@Nullable String version) {
		if (version != null && isOlderThanMinimum(version)) {
			throw new InvalidLockConfigurationException("lock-spring-boot-starter needs Spring Boot "
					+ MINIMUM_SPRING_BOOT + " or later, but this application runs Spring Boot " + version
					+ ". It does not start rather than run @RedisLock methods on a line where locking is untested.",
					"Upgrade the application to Spring Boot " + MINIMUM_SPRING_BOOT
							+ " or later, or remove lock-spring-boot-starter from its dependencies.");
		}
	}

	private static boolean isOlderThanMinimum(String version) {
		int[] found = majorAndMinor(version);
		int[] minimum = majorAndMinor(MINIMUM_SPRING_BOOT);
		if (found == null) {
			return false;
		}
		return (found[0] != minimum[0]) ? found[0] < minimum[0] : found[1] < minimum[1];
	}

	private static int @Nullable [] majorAndMinor(String version) {
		String[] parts = version.split("[.\\-]", 3);
		try {
			return new int[] { Integer.parseInt(parts[0]), (parts.length > 1) ? Integer.parseInt(parts[1]) : 0 };
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	/**
	 * Refuses a replica acknowledgement timeout not shorter than the client's command
	 * timeout: the client would give up on WAIT first, with a timeout that says nothing
	 * of replicas, and stall the connection the application shares.
	 */
	static void checkReplicaAckTimeout(RedisLockProperties properties, RedisConnectionFactory connectionFactory) {
		if (properties.getReplicaAck().getReplicas() == 0) {
			return;
		}
		Duration commandTimeout = null;
		if (LETTUCE && connectionFactory instanceof LettuceConnectionFactory lettuce) {
			commandTimeout = lettuce.getClientConfiguration().getCommandTimeout();
		}
		else if (JEDIS && connectionFactory instanceof JedisConnectionFactory jedis) {
			commandTimeout = Duration.ofMillis(jedis.getTimeout());
		}
		Duration ackTimeout = properties.getReplicaAck().getTimeout();
		if (commandTimeout != null && ackTimeout.compareTo(commandTimeout) >= 0) {
			throw new InvalidConfigurationPropertyValueException("redis-lock.replica-ack.timeout", ackTimeout,
					"it must be shorter than the Redis command timeout (" + commandTimeout
							+ ", spring.data.redis.timeout), or the client gives up on WAIT before the replicas "
							+ "can answer");
		}
	}

	/**
	 * {@code off} reads no server's policy; {@code fail} refuses what {@code warn} logs,
	 * and then closes the store.
	 */
	static void checkEvictionPolicy(RedisLockProperties properties, Consumer<Boolean> check, Runnable closeStore) {
		RedisLockProperties.EvictionCheck mode = properties.getEvictionCheck();
		if (mode == RedisLockProperties.EvictionCheck.OFF) {
			return;
		}
		closingOnFailure(() -> check.accept(mode == RedisLockProperties.EvictionCheck.FAIL), closeStore);
	}

	/** A check that stops start-up closes the store it was made for first. */
	static void closingOnFailure(Runnable check, Runnable closeStore) {
		try {
			check.run();
		}
		catch (RuntimeException ex) {
			closeStore.run();
			throw ex;
		}
	}

	/**
	 * Two services on one Redis that both lock {@code order:42} under the default prefix
	 * exclude each other without knowing: a named service that did not choose its prefix
	 * is told. Setting the prefix, even to the default, is the choice.
	 */
	static void warnIfSharedKeyPrefix(Environment environment, RedisLockProperties properties) {
		String application = environment.getProperty("spring.application.name");
		if (application == null || application.isBlank() || !DEFAULT_PREFIX.equals(properties.getKeyPrefix())
				|| Binder.get(environment).bind(KEY_PREFIX, String.class).isBound()) {
			return;
		}
		logger.warn("Application '{}' locks under the default key prefix '{}': every service on this Redis that "
				+ "also uses it shares its locks, and the same lock name excludes across them. Set {}={}{} for locks "
				+ "of this service only, or set {}={} to share them on purpose", application, DEFAULT_PREFIX,
				KEY_PREFIX, application, ":" + DEFAULT_PREFIX, KEY_PREFIX, DEFAULT_PREFIX);
	}

	/**
	 * A misspelt name would leave its setting at the default without a word, and some
	 * defaults weaken a lock (no replica acknowledgement, say). Environment variables are
	 * left out: {@code REDIS_LOCK_*} may be the platform's, for something else.
	 */
	static void checkPropertyNames(Environment environment) {
		List<ConfigurationPropertySource> sources = new ArrayList<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (!(source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource)) {
				sources.add(source);
			}
		}
		Binder binder = new Binder(sources, new PropertySourcesPlaceholdersResolver(environment),
				ApplicationConversionService.getSharedInstance());
		// A value that does not convert here may be overridden by an environment
		// variable: its name is known, and the binding goes on to the next.
		Set<ConfigurationPropertyName> unconverted = new HashSet<>();
		BindHandler skipUnconverted = new BindHandler() {

			@Override
			public Object onFailure(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
					Exception error) {
				unconverted.add(name);
				return null;
			}

		};
		try {
			binder.bind("redis-lock", Bindable.of(RedisLockProperties.class),
					new NoUnboundElementsBindHandler(skipUnconverted));
		}
		catch (BindException ex) {
			if (ex.getCause() instanceof UnboundConfigurationPropertiesException unbound) {
				List<String> names = unbound.getUnboundProperties()
					.stream()
					.filter((property) -> unconverted.stream()
						.noneMatch((name) -> name.equals(property.getName()) || name.isAncestorOf(property.getName())))
					.map((property) -> property.getName()
							+ ((property.getOrigin() != null) ? " (" + property.getOrigin() + ")" : ""))
					.toList();
				if (!names.isEmpty()) {
					boolean one = names.size() == 1;
					throw new InvalidLockConfigurationException(
							(one ? "Unknown property " : "Unknown properties ") + String.join(", ", names)
									+ ": lock-spring-boot-starter has no such setting, and would run with "
									+ (one ? "its default." : "their defaults."),
							"Correct or remove them; the settings are listed in the starter's configuration "
									+ "metadata (your IDE completes them) and in docs/configuration.md.");
				}
			}
		}
	}

}
