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
 * Refuses {@code @RedisLock} on methods that would run unlocked whatever the proxy: those
 * no proxy intercepts, and those whose work runs after they return. What a particular
 * proxy intercepts is checked later, by {@link RedisLockProxyChecker}.
 *
 * @author redis-lock contributors
 */
final class LockableMethods {

	/**
	 * Return types whose work the caller runs after the method returned; matched by name
	 * so that none has to be on the classpath.
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

	/** Marks methods the container calls on the raw bean, never through its proxy. */
	private static final Set<String> LIFECYCLE_ANNOTATIONS = Set.of("jakarta.annotation.PostConstruct",
			"jakarta.annotation.PreDestroy", "javax.annotation.PostConstruct", "javax.annotation.PreDestroy");

	static final boolean reactorPresent = ClassUtils.isPresent("reactor.core.publisher.Mono",
			LockableMethods.class.getClassLoader());

	private static final ClassValue<Optional<String>> DEFERRED_CLASSES = new ClassValue<>() {

		@Override
		protected Optional<String> computeValue(Class<?> type) {
			return Optional.ofNullable(deferredType(type));
		}

	};

	private LockableMethods() {
	}

	/** Throws {@link InvalidLockConfigurationException} if it cannot run locked. */
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
		String nested = (completion(method) != null || reactive(method) != null) ? deferredInside(method) : null;
		if (nested != null) {
			throw InvalidRedisLock.on(method, targetClass,
					"it returns " + nested + ": the lock is held until the outer "
							+ method.getReturnType().getSimpleName()
							+ " completes, and the inner work runs after that, unprotected",
					"Return the inner work itself, flattened with flatMap or thenCompose, so that the lock is held "
							+ "until it completes.");
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

	static boolean isAsync(Method method, Class<?> targetClass) {
		return AnnotatedElementUtils.hasAnnotation(method, Async.class)
				|| AnnotatedElementUtils.hasAnnotation(targetClass, Async.class);
	}

	/**
	 * Only a declared {@code Object} hides deferred work from the start-up check, so only
	 * its results are checked at run time.
	 */
	static boolean mayDeferWork(Method method) {
		return method.getReturnType() == Object.class;
	}

	/** The simple name of the result's deferred-work type, or {@code null}. */
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
			deferred = deferredInside(method);
		}
		return (deferred != null) ? "returns " + deferred + ", whose work runs after the method returned" : null;
	}

	/**
	 * {@code CompletableFuture} or {@code CompletionStage} exactly, whose lock is held
	 * until they complete; {@code null} for any other return type.
	 */
	static @Nullable Class<?> completion(Method method) {
		Class<?> returnType = method.getReturnType();
		return (returnType == CompletableFuture.class || returnType == CompletionStage.class) ? returnType : null;
	}

	/**
	 * {@code Mono} or {@code Flux}, held until the publisher completes, errs or is
	 * cancelled; {@code null} for any other return type or without Reactor.
	 */
	static @Nullable Class<?> reactive(Method method) {
		if (!reactorPresent) {
			return null;
		}
		String name = method.getReturnType().getName();
		return (name.equals("reactor.core.publisher.Mono") || name.equals("reactor.core.publisher.Flux"))
				? method.getReturnType() : null;
	}

	/** Such as {@code Optional<CompletableFuture<T>>} or {@code Mono<Mono<T>>}. */
	private static @Nullable String deferredInside(Method method) {
		Class<?> wrapped = ResolvableType.forMethodReturnType(method).getGeneric(0).resolve();
		if (wrapped == null) {
			return null;
		}
		String outer = method.getReturnType().getSimpleName();
		if (Future.class.isAssignableFrom(wrapped) || CompletionStage.class.isAssignableFrom(wrapped)
				|| ReactiveAdapterRegistry.getSharedInstance().getAdapter(wrapped) != null) {
			return outer + "<" + wrapped.getSimpleName() + ">";
		}
		String deferred = deferredType(wrapped);
		return (deferred != null) ? outer + "<" + deferred + ">" : null;
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
