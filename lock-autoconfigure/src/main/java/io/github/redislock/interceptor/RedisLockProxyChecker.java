// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.aop.Advisor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.scope.ScopedObject;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.target.AbstractBeanFactoryBasedTargetSource;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.scheduling.annotation.AsyncAnnotationAdvisor;
import org.springframework.util.ClassUtils;

/**
 * Stops start-up unless every bean with {@code @RedisLock} methods is reached through a
 * proxy that locks each of them: a {@code final} method, one no interface declares,
 * {@code @Async} inside the lock, or a bean created before the auto-proxy creator would
 * silently run unlocked. Not {@code Ordered}, so that it runs last and sees each bean as
 * its callers will.
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
	RedisLockProxyChecker(boolean enabled, ObjectProvider<RedisLockOperationSource> operationSources) {
		this.enabled = enabled;
		this.operationSources = operationSources;
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
				this.unlocked.addAll(operations.stream().map(RedisLockOperation::getDescription).toList());
			}
			return;
		}
		RedisLockOperation first = operations.get(0);
		ConfigurableListableBeanFactory factory = this.beanFactory;
		if (factory != null && factory.getBeanNamesForType(RedisLockAdvisor.class, true, false).length == 0) {
			throw InvalidRedisLock.on(first.getMethod(), targetClass,
					"there is no @RedisLock infrastructure in this application, so the method would run without a "
							+ "lock",
					explainMissingInfrastructure(factory));
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
			inspect(advised, beanName, targetClass, operations);
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

	private RedisLockOperationSource operationSource() {
		RedisLockOperationSource source = this.operationSource;
		if (source == null) {
			source = this.operationSources.getIfAvailable(() -> new RedisLockOperationSource());
			this.operationSource = source;
		}
		return source;
	}

	private static void inspect(Advised proxy, String beanName, Class<?> targetClass,
			List<RedisLockOperation> operations) {
		Advisor[] advisors = proxy.getAdvisors();
		int lockAdvisor = indexOf(advisors, RedisLockAdvisor.class);
		if (lockAdvisor < 0) {
			throw InvalidRedisLock.on(operations.get(0).getMethod(), targetClass, "bean '" + beanName
					+ "' is proxied without the @RedisLock advisor, so its @RedisLock methods would run without a "
					+ "lock",
					"Let the auto-proxy creator apply the redisLockAdvisor bean, or lock programmatically with "
							+ "LockOperations.");
		}
		boolean classProxy = AopUtils.isCglibProxy(proxy);
		for (RedisLockOperation operation : operations) {
			if (classProxy) {
				checkOverridable(operation, proxy.getClass());
			}
			else {
				checkDeclared(operation, proxy.getProxiedInterfaces(), targetClass);
			}
			checkAsync(operation, advisors, lockAdvisor, innerProxy(proxy));
		}
	}

	private static void checkOverridable(RedisLockOperation operation, Class<?> proxyClass) {
		Method method = operation.getMethod();
		int modifiers = method.getModifiers();
		if (Modifier.isFinal(modifiers)) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"a final method cannot be overridden by the class-based proxy, so it would run without the lock",
					"Remove 'final' from the method (in Kotlin, make it 'open' or use the kotlin-spring plugin).");
		}
		boolean packagePrivate = !Modifier.isPublic(modifiers) && !Modifier.isProtected(modifiers);
		Class<?> declaring = method.getDeclaringClass();
		if (packagePrivate && (!declaring.getPackageName().equals(proxyClass.getPackageName())
				|| declaring.getClassLoader() != proxyClass.getClassLoader())) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"a package-private method declared in " + declaring.getName()
							+ " cannot be overridden by a proxy in another package, so it would run without the lock",
					"Make the method public or protected.");
		}
	}

	private static void checkDeclared(RedisLockOperation operation, Class<?>[] interfaces, Class<?> targetClass) {
		Method method = operation.getMethod();
		for (Class<?> candidate : interfaces) {
			for (Method declared : candidate.getMethods()) {
				if (declared.getName().equals(method.getName())
						&& declared.getParameterCount() == method.getParameterCount()
						&& AopUtils.getMostSpecificMethod(declared, targetClass).equals(method)) {
					return;
				}
			}
		}
		throw InvalidRedisLock.on(method, operation.getTargetClass(),
				"the bean is proxied through its interfaces, and none of them declares the method, so no call "
						+ "can go through the lock",
				"Declare the method on an interface the bean implements, or proxy classes "
						+ "(spring.aop.proxy-target-class=true, Spring Boot's default).");
	}

	private static void checkAsync(RedisLockOperation operation, Advisor[] advisors, int lockAdvisor,
			@Nullable Advised inner) {
		Method method = operation.getMethod();
		// A CompletableFuture or CompletionStage holds the lock until it completes,
		// wherever @Async runs.
		if (!LockableMethods.isAsync(method, operation.getTargetClass())
				|| LockableMethods.completion(method) != null) {
			return;
		}
		int asyncAdvisor = indexOf(advisors, AsyncAnnotationAdvisor.class);
		if (asyncAdvisor > lockAdvisor || (asyncAdvisor < 0 && inner != null
				&& indexOf(inner.getAdvisors(), AsyncAnnotationAdvisor.class) >= 0)) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"@Async runs inside the lock here, so the lock would be taken and released on the caller's "
							+ "thread while the work runs later, without it",
					"Leave @EnableAsync's order at its default, so that @Async wraps the bean's other advice.");
		}
		Class<?> returnType = method.getReturnType();
		boolean future = Future.class.isAssignableFrom(returnType)
				|| CompletionStage.class.isAssignableFrom(returnType);
		if (future && asyncAdvisor < 0) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"it returns " + returnType.getSimpleName() + " and relies on @Async, which is not active "
							+ "on this bean, so the lock would be released before the work completes",
					"Enable @Async with @EnableAsync, or return the result itself.");
		}
	}

	private static @Nullable Advised innerProxy(Advised proxy) {
		try {
			Object target = proxy.getTargetSource().isStatic() ? proxy.getTargetSource().getTarget() : null;
			return (target instanceof Advised inner) ? inner : null;
		}
		catch (Exception ex) {
			return null;
		}
	}

	private static int indexOf(Advisor[] advisors, Class<?> type) {
		for (int i = 0; i < advisors.length; i++) {
			if (type.isInstance(advisors[i])) {
				return i;
			}
		}
		return -1;
	}

	/** Names Spring Data Redis types by name: they may be missing from the classpath. */
	private static String explainMissingInfrastructure(ConfigurableListableBeanFactory beanFactory) {
		ClassLoader classLoader = RedisLockProxyChecker.class.getClassLoader();
		if (!ClassUtils.isPresent("org.springframework.data.redis.core.StringRedisTemplate", classLoader)) {
			return "Spring Data Redis is not on the classpath. Depend on lock-spring-boot-starter, which brings it.";
		}
		String[] factories = beanFactory.getBeanNamesForType(ClassUtils.resolveClassName(
				"org.springframework.data.redis.connection.RedisConnectionFactory", classLoader), true, false);
		if (factories.length == 0) {
			return "There is no RedisConnectionFactory bean: configure Redis with spring.data.redis.* and keep "
					+ "Spring Boot's Redis auto-configuration, or define a RedisConnectionFactory bean.";
		}
		if (factories.length > 1) {
			return "There are " + factories.length + " RedisConnectionFactory beans " + Arrays.toString(factories)
					+ " and none is @Primary, so the locks cannot choose one. Mark the one locks should use "
					+ "@Primary, or set redis-lock.connection-factory to its bean name.";
		}
		return "The Redis lock auto-configuration did not apply; start with --debug to see which of its conditions "
				+ "failed.";
	}

}
