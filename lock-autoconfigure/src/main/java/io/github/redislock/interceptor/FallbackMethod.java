// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockAcquisitionException;
import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The method a {@code @RedisLock} method names as its {@code fallback}, found and checked
 * when the operation is parsed so that a typo fails start-up rather than the first busy
 * call. It takes the annotated method's parameters, optionally followed by the exception.
 *
 * @author redis-lock contributors
 */
record FallbackMethod(Method method, boolean takesException) {

	FallbackMethod {
		ReflectionUtils.makeAccessible(method);
	}

	/**
	 * Prefers the variant that takes the exception; throws
	 * {@link InvalidLockConfigurationException} if there is no suitable method.
	 */
	static FallbackMethod resolve(String name, Method annotated, Class<?> targetClass) {
		Class<?>[] parameters = annotated.getParameterTypes();
		Method plain = null;
		Method withException = null;
		for (Method candidate : ReflectionUtils.getUniqueDeclaredMethods(targetClass,
				(method) -> method.getName().equals(name))) {
			Class<?>[] types = candidate.getParameterTypes();
			if (Arrays.equals(types, parameters)) {
				plain = candidate;
			}
			else if (types.length == parameters.length + 1
					&& Arrays.equals(types, 0, parameters.length, parameters, 0, parameters.length)
					&& types[parameters.length].isAssignableFrom(LockAcquisitionException.class)) {
				withException = candidate;
			}
		}
		Method found = (withException != null) ? withException : plain;
		if (found == null) {
			String list = Arrays.stream(parameters).map(Class::getSimpleName).reduce((a, b) -> a + ", " + b).orElse("");
			throw InvalidRedisLock.on(annotated, targetClass,
					"fallback method '" + name + "' not found in " + targetClass.getName(),
					"Declare a method '" + name + "(" + list + ")' or '" + name + "("
							+ (list.isEmpty() ? "" : list + ", ") + "LockAcquisitionException)' in "
							+ targetClass.getSimpleName() + ", or correct the 'fallback' attribute.");
		}
		if (found.equals(annotated)) {
			throw InvalidRedisLock.on(annotated, targetClass,
					"fallback method '" + name + "' is the annotated method itself, which would then run without "
							+ "the lock whenever the lock is busy",
					"Name another method in 'fallback', or declare '" + name
							+ "' with a LockAcquisitionException parameter last.");
		}
		if (AnnotatedElementUtils.hasAnnotation(found, RedisLock.class)) {
			throw InvalidRedisLock.on(annotated, targetClass,
					"fallback method '" + name + "' is itself @RedisLock, but a fallback is called on the bean, not "
							+ "through its proxy, so its lock (and any other advice on it) would not apply",
					"Let the fallback call a locked method of another bean, or remove 'fallback' and handle "
							+ "LockAcquisitionException in the caller.");
		}
		Class<?> returnType = annotated.getReturnType();
		if (returnType != void.class && !ClassUtils.isAssignable(returnType, found.getReturnType())) {
			throw InvalidRedisLock.on(annotated, targetClass,
					"fallback method '" + name + "' returns " + found.getReturnType().getName()
							+ ", which cannot be returned as " + returnType.getName(),
					"Make '" + name + "' return " + returnType.getSimpleName() + " or a subtype.");
		}
		return new FallbackMethod(found, withException != null);
	}

	@Nullable Object invoke(@Nullable Object target, @Nullable Object[] arguments, LockAcquisitionException exception)
			throws Throwable {
		Object[] actual = arguments;
		if (this.takesException) {
			actual = Arrays.copyOf(arguments, arguments.length + 1);
			actual[arguments.length] = exception;
		}
		try {
			return this.method.invoke(Modifier.isStatic(this.method.getModifiers()) ? null : target, actual);
		}
		catch (InvocationTargetException ex) {
			throw ex.getTargetException();
		}
	}

}
