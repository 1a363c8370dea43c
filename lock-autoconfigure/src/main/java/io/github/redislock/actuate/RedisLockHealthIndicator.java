// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Makes the {@code HealthIndicator} of the running Spring Boot line out of
 * {@link RedisLockHealth}. Spring Boot 3 has its health API in
 * {@code org.springframework.boot.actuate.health} (in {@code spring-boot-actuator}),
 * Spring Boot 4 in {@code org.springframework.boot.health.contributor} (in
 * {@code spring-boot-health}), with the same types and methods. A class compiled against
 * one of them would not compile on the other line's build, where the other line's
 * {@code spring-boot-actuator} cannot be added beside its own (one version of an artifact
 * per build); and this module must compile to the same class files on both lines. So the
 * indicator is a proxy of the interface in the package given, which builds its
 * {@code Health} through the methods both lines share: {@code Health.status(String)},
 * {@code Builder.withDetails(Map)} and {@code Builder.build()}.
 * <p>
 * A factory bean, so that the application context knows the type of the indicator before
 * it is made, as Actuator's lookup of health contributors needs.
 *
 * @author redis-lock contributors
 */
class RedisLockHealthIndicator implements FactoryBean<Object>, BeanClassLoaderAware {

	/** The package of Spring Boot 3's health API. */
	public static final String BOOT3_PACKAGE = "org.springframework.boot.actuate.health";

	/** The package of Spring Boot 4's health API. */
	public static final String BOOT4_PACKAGE = "org.springframework.boot.health.contributor";

	private final Supplier<RedisLockHealth> health;

	private final String apiPackage;

	private @Nullable ClassLoader classLoader = ClassUtils.getDefaultClassLoader();

	/**
	 * Create the factory.
	 * @param health supplies the contribution when the indicator is made, so that the
	 * lock client, with its connection factory, is not made as early as the context needs
	 * this factory's type (before an application's dynamic Redis settings, say)
	 * @param apiPackage the package of the health API to implement
	 */
	RedisLockHealthIndicator(Supplier<RedisLockHealth> health, String apiPackage) {
		this.health = health;
		this.apiPackage = apiPackage;
	}

	@Override
	public void setBeanClassLoader(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	@Override
	public Class<?> getObjectType() {
		return type("HealthIndicator");
	}

	@Override
	public Object getObject() throws ReflectiveOperationException {
		RedisLockHealth health = this.health.get();
		Class<?> indicatorType = getObjectType();
		Class<?> healthType = type("Health");
		Method status = healthType.getMethod("status", String.class);
		Class<?> builderType = status.getReturnType();
		Method withDetails = builderType.getMethod("withDetails", Map.class);
		Method build = builderType.getMethod("build");
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getName().equals("health") && method.getParameterCount() == 0) {
				RedisLockHealth.Check check = health.check();
				Object builder = status.invoke(null, check.status());
				withDetails.invoke(builder, check.details());
				return build.invoke(builder);
			}
			if (method.isDefault()) {
				return InvocationHandler.invokeDefault(proxy, method, args);
			}
			if (ReflectionUtils.isEqualsMethod(method)) {
				return proxy == args[0];
			}
			if (ReflectionUtils.isHashCodeMethod(method)) {
				return System.identityHashCode(proxy);
			}
			if (ReflectionUtils.isToStringMethod(method)) {
				return "RedisLockHealthIndicator";
			}
			throw new UnsupportedOperationException(method.toString());
		};
		return Proxy.newProxyInstance(indicatorType.getClassLoader(), new Class<?>[] { indicatorType }, handler);
	}

	private Class<?> type(String simpleName) {
		return ClassUtils.resolveClassName(this.apiPackage + "." + simpleName, this.classLoader);
	}

}
