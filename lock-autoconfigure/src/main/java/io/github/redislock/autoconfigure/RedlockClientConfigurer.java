// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.resource.ClientResources;
import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;

/**
 * Sets up each Redlock node's Lettuce client as Spring Boot sets up the application's
 * (client resources, client name, connect timeout, SSL bundle, customizers), finding the
 * customizers by name, as Spring Boot 4 moved them.
 *
 * @author redis-lock contributors
 */
final class RedlockClientConfigurer implements Consumer<LettuceClientConfigurationBuilder> {

	static final String SSL_BUNDLE_PROPERTY = "redis-lock.redlock.ssl.bundle";

	private static final String[] CLIENT_OPTIONS_CUSTOMIZERS = {
			"org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer",
			"org.springframework.boot.autoconfigure.data.redis.LettuceClientOptionsBuilderCustomizer" };

	private static final String[] CLIENT_CONFIGURATION_CUSTOMIZERS = {
			"org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer",
			"org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer" };

	private final @Nullable ClientResources clientResources;

	private final @Nullable String clientName;

	private final @Nullable Duration connectTimeout;

	private final io.lettuce.core.@Nullable SslOptions sslOptions;

	private final List<Consumer<ClientOptions.Builder>> clientOptionsCustomizers;

	private final List<Consumer<LettuceClientConfigurationBuilder>> customizers;

	/**
	 * Reads what the nodes' clients need, failing now if the SSL bundle is missing;
	 * {@code sslBundle} is {@code null} for none.
	 */
	RedlockClientConfigurer(ListableBeanFactory beanFactory, Environment environment, @Nullable String sslBundle) {
		this.clientResources = beanFactory.getBeanProvider(ClientResources.class).getIfUnique();
		String name = environment.getProperty("spring.data.redis.client-name");
		this.clientName = StringUtils.hasText(name) ? name : null;
		this.connectTimeout = Binder.get(environment)
			.bind("spring.data.redis.connect-timeout", Duration.class)
			.orElse(null);
		this.sslOptions = (sslBundle != null) ? sslOptions(beanFactory, sslBundle) : null;
		this.clientOptionsCustomizers = customizers(beanFactory, CLIENT_OPTIONS_CUSTOMIZERS,
				ClientOptions.Builder.class);
		this.customizers = customizers(beanFactory, CLIENT_CONFIGURATION_CUSTOMIZERS,
				LettuceClientConfigurationBuilder.class);
	}

	@Override
	public void accept(LettuceClientConfigurationBuilder builder) {
		if (this.clientResources != null) {
			builder.clientResources(this.clientResources);
		}
		// A clientName in the node's URL wins over the application-wide name.
		if (this.clientName != null && builder.build().getClientName().isEmpty()) {
			builder.clientName(this.clientName);
		}
		ClientOptions.Builder options = ClientOptions.builder();
		if (this.connectTimeout != null) {
			options.socketOptions(SocketOptions.builder().connectTimeout(this.connectTimeout).build());
		}
		if (this.sslOptions != null) {
			options.sslOptions(this.sslOptions);
		}
		this.clientOptionsCustomizers.forEach((customizer) -> customizer.accept(options));
		builder.clientOptions(options.build());
		this.customizers.forEach((customizer) -> customizer.accept(builder));
	}

	/** As Spring Boot turns a bundle into Lettuce's options for its own connection. */
	private static io.lettuce.core.SslOptions sslOptions(ListableBeanFactory beanFactory, String name) {
		SslBundles bundles = beanFactory.getBeanProvider(SslBundles.class).getIfAvailable();
		if (bundles == null) {
			throw new InvalidConfigurationPropertyValueException(SSL_BUNDLE_PROPERTY, name,
					"The application has no SslBundles bean: SSL bundles are configured under spring.ssl.bundle "
							+ "by Spring Boot's SslAutoConfiguration.");
		}
		SslBundle bundle;
		try {
			bundle = bundles.getBundle(name);
		}
		catch (NoSuchSslBundleException ex) {
			throw new InvalidConfigurationPropertyValueException(SSL_BUNDLE_PROPERTY, name,
					"Configure a bundle of that name under spring.ssl.bundle.pem or spring.ssl.bundle.jks ("
							+ ex.getMessage() + ").");
		}
		io.lettuce.core.SslOptions.Builder ssl = io.lettuce.core.SslOptions.builder()
			.keyManager(bundle.getManagers().getKeyManagerFactory())
			.trustManager(bundle.getManagers().getTrustManagerFactory());
		String[] ciphers = bundle.getOptions().getCiphers();
		if (ciphers != null) {
			ssl.cipherSuites(ciphers);
		}
		String[] protocols = bundle.getOptions().getEnabledProtocols();
		if (protocols != null) {
			ssl.protocols(protocols);
		}
		return ssl.build();
	}

	/** The customizer beans of the Spring Boot line on the classpath, in order. */
	private static <T> List<Consumer<T>> customizers(ListableBeanFactory beanFactory, String[] typeNames,
			Class<T> argument) {
		ClassLoader classLoader = RedlockClientConfigurer.class.getClassLoader();
		for (String typeName : typeNames) {
			if (ClassUtils.isPresent(typeName, classLoader)) {
				Class<?> type = ClassUtils.resolveClassName(typeName, classLoader);
				Method customize = ReflectionUtils.findMethod(type, "customize", argument);
				if (customize == null) {
					return List.of();
				}
				return beanFactory.getBeanProvider(type)
					.orderedStream()
					.<Consumer<T>>map((bean) -> (target) -> ReflectionUtils.invokeMethod(customize, bean, target))
					.toList();
			}
		}
		return List.of();
	}

	/** The customizers are called by reflection. */
	static final class CustomizerHints implements RuntimeHintsRegistrar {

		@Override
		public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
			for (String[] types : List.of(CLIENT_OPTIONS_CUSTOMIZERS, CLIENT_CONFIGURATION_CUSTOMIZERS)) {
				for (String type : types) {
					hints.reflection().registerType(TypeReference.of(type), MemberCategory.INVOKE_PUBLIC_METHODS);
				}
			}
		}

	}

}
