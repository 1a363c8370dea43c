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
 * Makes the running Spring Boot line's {@code HealthIndicator} as a proxy: Boot 4 moved
 * the health API, and one class file must serve both lines. A factory bean, so Actuator
 * knows the indicator's type before it is made.
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
	 * {@code health} is supplied only when the indicator is made, so the lock client is
	 * not made as early as the context asks this factory's type (before an application's
	 * dynamic Redis settings, say).
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
