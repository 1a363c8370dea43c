// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.scope.ScopedObject;
import org.springframework.aop.target.AbstractBeanFactoryBasedTargetSource;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.util.ClassUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Stops start-up unless every bean with {@code @RedisLock} methods is reached through a
 * proxy that locks each of them: a {@code final} method, one no interface declares, or a
 * bean created before the auto-proxy creator would silently run unlocked.
 * <p>
 * Not {@code Ordered}, so that it runs last and sees each bean as its callers will.
 *
 * @author redis-lock contributors
 */
class RedisLockProxyChecker
		implements SmartInstantiationAwareBeanPostProcessor, SmartInitializingSingleton, BeanFactoryAware {

	private static final Logger logger = LoggerFactory.getLogger(RedisLockProxyChecker.class);

	private static final @Nullable Method MOCKING_DETAILS = mockitoMethod("org.mockito.Mockito", "mockingDetails",
			Object.class);

	private static final @Nullable Method IS_MOCK = mockitoMethod("org.mockito.MockingDetails", "isMock");

	private final boolean enabled;

	private final ObjectProvider<RedisLockOperationSource> operationSources;

	private final Supplier<String> missingInfrastructure;

	private final Set<String> checked = ConcurrentHashMap.newKeySet();

	private final Set<String> earlyReferences = ConcurrentHashMap.newKeySet();

	/** Beans may be created on several threads at once. */
	private final Queue<String> unlocked = new ConcurrentLinkedQueue<>();

	private @Nullable ConfigurableListableBeanFactory beanFactory;

	private @Nullable RedisLockOperationSource operationSource;

	/**
	 * Without {@code operationSources}, annotations are parsed with a source of its own;
	 * when not {@code enabled}, locked methods are only listed in a warning.
	 */
	RedisLockProxyChecker(boolean enabled, ObjectProvider<RedisLockOperationSource> operationSources,
			Supplier<String> missingInfrastructure) {
		this.enabled = enabled;
		this.operationSources = operationSources;
		this.missingInfrastructure = missingInfrastructure;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
		if (!this.earlyReferences.remove(beanName)) {
			check(bean, beanName);
		}
		return bean;
	}

	@Override
	public void afterSingletonsInstantiated() {
		ConfigurableListableBeanFactory factory = this.beanFactory;
		if (factory != null) {
			for (String name : factory.getSingletonNames()) {
				Object singleton = factory.getSingleton(name);
				if (singleton != null && !(singleton instanceof FactoryBean) && !this.checked.contains(name)) {
					check(singleton, name);
				}
			}
		}
		if (!this.unlocked.isEmpty()) {
			logger.warn("redis-lock.enabled is false: these @RedisLock methods run without a lock: {}",
					List.copyOf(this.unlocked));
		}
	}

	/**
	 * The early reference of a circular reference is what the container exposes, so it is
	 * the one checked.
	 */
	@Override
	public Object getEarlyBeanReference(Object bean, String beanName) {
		check(bean, beanName);
		this.earlyReferences.add(beanName);
		return bean;
	}

	private void check(Object bean, String beanName) {
		Class<?> targetClass = AopProxyUtils.ultimateTargetClass(bean);
		List<RedisLockOperation> operations = operationSource().getOperations(targetClass);
		if (operations.isEmpty() || isTestDouble(bean)) {
			return;
		}
		if (!this.enabled) {
			if (this.checked.add(beanName)) {
				this.unlocked.addAll(operations.stream()
					.map((operation) -> InvalidRedisLock.describe(operation.getMethod(), operation.getTargetClass()))
					.toList());
			}
			return;
		}
		RedisLockOperation first = operations.get(0);
		if (!hasLockInfrastructure()) {
			throw InvalidRedisLock.on(first.getMethod(), targetClass,
					"there is no @RedisLock infrastructure in this application, so the method would run without a "
							+ "lock",
					this.missingInfrastructure.get());
		}
		if (!(bean instanceof Advised advised)) {
			throw InvalidRedisLock.on(first.getMethod(), targetClass, "bean '" + beanName
					+ "' was not proxied, so its @RedisLock methods would run without a lock. This happens to a "
					+ "bean created before the auto-proxy creator (a BeanPostProcessor or BeanFactoryPostProcessor, "
					+ "or a bean one of them depends on) and to a singleton registered as an instance",
					"Do not lock methods of such beans, or let them depend on the bean lazily (@Lazy or "
							+ "ObjectProvider), so that it is created once proxies can be made.");
		}
		// A scoped proxy, or a proxy whose targets are beans, calls a target bean that is
		// checked when created. Checked every time: a prototype refused once must be
		// refused again.
		if (!(bean instanceof ScopedObject)
				&& !(advised.getTargetSource() instanceof AbstractBeanFactoryBasedTargetSource)) {
			LockedProxyInspector.inspect(advised, beanName, targetClass, operations);
		}
		this.checked.add(beanName);
	}

	/**
	 * A mock or spy a test put in place of a locked bean ({@code @MockitoBean}) is never
	 * proxied and meant to run unlocked. Asked reflectively, through Mockito's API: it is
	 * on test classpaths only, and inline mocks are instances of the mocked class.
	 */
	private static boolean isTestDouble(Object bean) {
		if (MOCKING_DETAILS == null || IS_MOCK == null) {
			return false;
		}
		try {
			return Boolean.TRUE.equals(IS_MOCK.invoke(MOCKING_DETAILS.invoke(null, bean)));
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return false;
		}
	}

	private static @Nullable Method mockitoMethod(String type, String name, Class<?>... parameterTypes) {
		ClassLoader classLoader = RedisLockProxyChecker.class.getClassLoader();
		if (!ClassUtils.isPresent(type, classLoader)) {
			return null;
		}
		return ClassUtils.getMethodIfAvailable(ClassUtils.resolveClassName(type, classLoader), name, parameterTypes);
	}

	private boolean hasLockInfrastructure() {
		ConfigurableListableBeanFactory factory = this.beanFactory;
		return factory == null || factory.getBeanNamesForType(RedisLockAdvisor.class, true, false).length > 0;
	}

	private RedisLockOperationSource operationSource() {
		RedisLockOperationSource source = this.operationSource;
		if (source == null) {
			source = this.operationSources.getIfAvailable(() -> new RedisLockOperationSource());
			this.operationSource = source;
		}
		return source;
	}

}
