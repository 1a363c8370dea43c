// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

import io.github.redislock.core.InvalidLockConfigurationException;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.KotlinDetector;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.scheduling.annotation.Async;
import org.springframework.util.ClassUtils;

/**
 * Refuses {@code @RedisLock} on methods that would run without the lock whatever the
 * proxy: methods no proxy can intercept (private, static, those the container calls on
 * the raw bean) and methods whose work runs after they returned, when the lock has
 * already been released. Whether a particular proxy can intercept a method is checked
 * later, by the {@link RedisLockProxyChecker}.
 *
 * @author redis-lock contributors
 */
final class LockableMethods {

	/**
	 * Return types whose work the caller (Spring MVC, Kotlin coroutines, a stream's
	 * terminal operation, whoever runs a task or asks a supplier or a lazy iterator for
	 * its values) runs after the method returned. Matched by name, so that none of them
	 * has to be on the classpath.
	 */
	private static final Set<String> DEFERRED_TYPES = Set.of("java.lang.Runnable", "java.util.concurrent.Callable",
			"java.util.function.Supplier", "java.util.function.BooleanSupplier", "java.util.function.IntSupplier",
			"java.util.function.LongSupplier", "java.util.function.DoubleSupplier", "java.util.Iterator",
			"java.util.Spliterator", "java.util.concurrent.Flow$Publisher", "java.util.stream.BaseStream",
			"org.reactivestreams.Publisher", "org.springframework.web.context.request.async.DeferredResult",
			"org.springframework.web.context.request.async.WebAsyncTask",
			"org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter",
			"org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody",
			"kotlinx.coroutines.flow.Flow", "kotlinx.coroutines.Deferred");

	/**
	 * Annotations of the methods the container calls on the raw bean, never through its
	 * proxy.
	 */
	private static final Set<String> LIFECYCLE_ANNOTATIONS = Set.of("jakarta.annotation.PostConstruct",
			"jakarta.annotation.PreDestroy", "javax.annotation.PostConstruct", "javax.annotation.PreDestroy");

	private static final boolean reactorPresent = ClassUtils.isPresent("reactor.core.publisher.Mono",
			LockableMethods.class.getClassLoader());

	private static final ClassValue<Optional<String>> DEFERRED_CLASSES = new ClassValue<>() {

		@Override
		protected Optional<String> computeValue(Class<?> type) {
			return Optional.ofNullable(deferredType(type));
		}

	};

	private LockableMethods() {
	}

	/**
	 * Check that a method can run under its lock.
	 * @param method the annotated method
	 * @param targetClass the class it was found on
	 * @throws InvalidLockConfigurationException if it cannot
	 */
	static void check(Method method, Class<?> targetClass) {
		int modifiers = method.getModifiers();
		if (Modifier.isPrivate(modifiers) || Modifier.isStatic(modifiers)) {
			throw InvalidRedisLock.on(method, targetClass,
					"a " + (Modifier.isStatic(modifiers) ? "static" : "private")
							+ " method cannot be intercepted, so it would run without the lock",
					"Make the method a non-static, non-private method called through the bean, or lock "
							+ "programmatically with LockOperations.");
		}
		if (isLifecycleCallback(method, targetClass)) {
			throw InvalidRedisLock.on(method, targetClass,
					"it is a lifecycle callback, which the container calls on the bean itself, not through its "
							+ "proxy, so it would run without the lock",
					"Move the locked work to a method of another bean and call it from the callback, or lock "
							+ "programmatically with LockOperations.");
		}
		String asynchronous = describeAsynchronous(method, targetClass);
		if (asynchronous != null) {
			throw InvalidRedisLock.on(method, targetClass,
					"it " + asynchronous
							+ ": the lock would be released when the method returns, before the work it started "
							+ "has run, so that work would run unprotected",
					"Return a CompletableFuture, a CompletionStage, a Mono or a Flux, which hold the lock until "
							+ "their work completes; or return the result itself and run the method with @Async (the "
							+ "lock is then taken on the executor's thread around the whole work); or lock inside the "
							+ "asynchronous work with LockOperations.executeAsync.");
		}
	}

	/**
	 * Return whether a method is run by {@code @Async} (on the method or its class).
	 * @param method the method
	 * @param targetClass the class it was found on
	 * @return whether it is asynchronous
	 */
	static boolean isAsync(Method method, Class<?> targetClass) {
		return AnnotatedElementUtils.hasAnnotation(method, Async.class)
				|| AnnotatedElementUtils.hasAnnotation(targetClass, Async.class);
	}

	/**
	 * Return whether results of a method must be checked at run time for work that runs
	 * after it returned: only when its declared type, {@code Object}, says nothing; every
	 * narrower deferred-work type is refused at start-up.
	 * @param method the method
	 * @return whether to check its results
	 */
	static boolean mayDeferWork(Method method) {
		return method.getReturnType() == Object.class;
	}

	/**
	 * Return the name of the type a value has whose work runs after it was returned, or
	 * {@code null} if it has none.
	 * @param value a method's result
	 * @return the simple name of its deferred-work type, or {@code null}
	 */
	static @Nullable String deferredWork(@Nullable Object value) {
		if (value == null) {
			return null;
		}
		if (value instanceof Future<?> future) {
			return future.isDone() ? null : "Future";
		}
		if (value instanceof CompletionStage<?> stage) {
			return stage.toCompletableFuture().isDone() ? null : "CompletionStage";
		}
		return DEFERRED_CLASSES.get(value.getClass()).orElse(null);
	}

	private static boolean isLifecycleCallback(Method method, Class<?> targetClass) {
		for (Annotation annotation : method.getAnnotations()) {
			if (LIFECYCLE_ANNOTATIONS.contains(annotation.annotationType().getName())) {
				return true;
			}
		}
		boolean noArguments = method.getParameterCount() == 0;
		return noArguments && ((method.getName().equals("afterPropertiesSet")
				&& InitializingBean.class.isAssignableFrom(targetClass))
				|| (method.getName().equals("destroy") && DisposableBean.class.isAssignableFrom(targetClass)));
	}

	private static @Nullable String describeAsynchronous(Method method, Class<?> targetClass) {
		Class<?> returnType = method.getReturnType();
		if (KotlinDetector.isKotlinType(method.getDeclaringClass()) && KotlinDetector.isSuspendingFunction(method)) {
			return "is a Kotlin suspend function, which the lock cannot follow across its suspensions (return a "
					+ "Mono instead, which holds the lock until it completes)";
		}
		if (completion(method) != null || reactive(method) != null) {
			return null;
		}
		if (Future.class.isAssignableFrom(returnType) || CompletionStage.class.isAssignableFrom(returnType)) {
			// A future is fine on an @Async method: the async advisor runs outside every
			// other advisor, so the lock is held on the executor's thread around the
			// whole method (the proxy checker verifies that it does).
			return isAsync(method, targetClass) ? null
					: "returns " + returnType.getSimpleName() + ", whose completion the lock cannot follow (only "
							+ "CompletableFuture and CompletionStage are held until they complete), and is not @Async";
		}
		if (ReactiveAdapterRegistry.getSharedInstance().getAdapter(returnType) != null) {
			return "returns the reactive type " + returnType.getSimpleName() + ((reactorPresent)
					? " (only Mono and Flux are held until they complete)" : " and Reactor is not on the class path");
		}
		String deferred = deferredType(returnType);
		if (deferred == null && returnType == Optional.class) {
			deferred = deferredInOptional(method);
		}
		return (deferred != null) ? "returns " + deferred + ", whose work runs after the method returned" : null;
	}

	/**
	 * Return the future type of a method whose lock is held until the future it returns
	 * completes: {@code CompletableFuture} or {@code CompletionStage} itself, for which a
	 * future that completes after the release can stand in, unless the method is
	 * {@code @Async}.
	 * @param method the method
	 * @return the type, or {@code null} if the method returns no such future
	 */
	static @Nullable Class<?> completion(Method method) {
		Class<?> returnType = method.getReturnType();
		return (returnType == CompletableFuture.class || returnType == CompletionStage.class) ? returnType : null;
	}

	/**
	 * Return the reactive type of a method whose lock is held until the publisher it
	 * returns completes, errs or is cancelled: {@code Mono} or {@code Flux}, with Reactor
	 * on the class path.
	 * @param method the method
	 * @return the type, or {@code null} if the method returns no such publisher
	 */
	static @Nullable Class<?> reactive(Method method) {
		if (!reactorPresent) {
			return null;
		}
		String name = method.getReturnType().getName();
		return (name.equals("reactor.core.publisher.Mono") || name.equals("reactor.core.publisher.Flux"))
				? method.getReturnType() : null;
	}

	/**
	 * Return the deferred-work type an {@code Optional} return type wraps, such as
	 * {@code Optional<CompletableFuture<T>>}, or {@code null}.
	 */
	private static @Nullable String deferredInOptional(Method method) {
		Class<?> wrapped = ResolvableType.forMethodReturnType(method).getGeneric(0).resolve();
		if (wrapped == null) {
			return null;
		}
		if (Future.class.isAssignableFrom(wrapped) || CompletionStage.class.isAssignableFrom(wrapped)
				|| ReactiveAdapterRegistry.getSharedInstance().getAdapter(wrapped) != null) {
			return "Optional<" + wrapped.getSimpleName() + ">";
		}
		String deferred = deferredType(wrapped);
		return (deferred != null) ? "Optional<" + deferred + ">" : null;
	}

	private static @Nullable String deferredType(Class<?> type) {
		if (type.isPrimitive() || type.isArray()
				|| (type.getName().startsWith("java.lang.") && type != Runnable.class)) {
			return null;
		}
		return deferredSupertype(type);
	}

	private static @Nullable String deferredSupertype(@Nullable Class<?> type) {
		if (type == null || type == Object.class) {
			return null;
		}
		if (DEFERRED_TYPES.contains(type.getName())) {
			return type.getSimpleName();
		}
		for (Class<?> implemented : type.getInterfaces()) {
			String found = deferredSupertype(implemented);
			if (found != null) {
				return found;
			}
		}
		return deferredSupertype(type.getSuperclass());
	}

}
