// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.List;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.util.ClassUtils;

/**
 * Registers for reflection what the interceptor reaches at run time, so that a native
 * image keeps it: the locked methods and those they override, the {@code fallback}
 * methods, and the parameter types read by key and condition expressions.
 *
 * @author redis-lock contributors
 */
final class RedisLockMethodsAotProcessor implements BeanRegistrationAotProcessor {

	@Override
	public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean registeredBean) {
		Class<?> beanClass = registeredBean.getBeanClass();
		List<RedisLockOperation> operations;
		try {
			operations = new RedisLockOperationSource().getOperations(beanClass);
		}
		catch (InvalidLockConfigurationException ex) {
			// Start-up reports it, with the failure analysis, where the lock is in use.
			return null;
		}
		if (operations.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> {
			ReflectionHints hints = generationContext.getRuntimeHints().reflection();
			operations.forEach((operation) -> register(hints, operation));
		};
	}

	private static void register(ReflectionHints hints, RedisLockOperation operation) {
		Method method = operation.getMethod();
		hints.registerMethod(method, ExecutableMode.INVOKE);
		for (Class<?> type : ClassUtils.getAllInterfacesForClassAsSet(operation.getTargetClass())) {
			registerOverridden(hints, type, method);
		}
		for (Class<?> type = operation.getTargetClass().getSuperclass(); type != null
				&& type != Object.class; type = type.getSuperclass()) {
			registerOverridden(hints, type, method);
		}
		FallbackMethod fallback = operation.getFallback();
		if (fallback != null) {
			hints.registerMethod(fallback.method(), ExecutableMode.INVOKE);
		}
		if (operation.getKeyExpression() != null || operation.getConditionExpression() != null) {
			for (Class<?> parameterType : method.getParameterTypes()) {
				Class<?> type = parameterType.isArray() ? parameterType.componentType() : parameterType;
				if (!type.isPrimitive()) {
					hints.registerType(type, MemberCategory.INVOKE_PUBLIC_METHODS);
				}
			}
		}
	}

	private static void registerOverridden(ReflectionHints hints, Class<?> type, Method method) {
		Method declared = ClassUtils.getMethodIfAvailable(type, method.getName(), method.getParameterTypes());
		if (declared != null && declared.getDeclaringClass() == type) {
			hints.registerMethod(declared, ExecutableMode.INTROSPECT);
		}
	}

}
