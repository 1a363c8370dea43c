// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockClient;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.redis.RedisLockStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mockito;

import org.springframework.aop.Advisor;
import io.github.redislock.autoconfigure.other.PackagePrivateLockedBase;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.target.HotSwappableTargetSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.PriorityOrdered;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every way a {@code @RedisLock} method could end up running without its lock and without
 * a word stops start-up instead, with a message naming the method and the fix: a method
 * the bean's proxy cannot intercept, a bean no proxy wraps, an {@code @Async} that is not
 * active, and an application whose lock infrastructure did not apply. None of these needs
 * a running Redis.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class UnprotectedLockedMethodsStopStartUpTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, SpringBootAutoConfigurations.redis(),
				RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class));

	@Test
	void finalMethodOfAClassProxiedBeanStopsStartUp() {
		this.runner.withBean(FinalMethod.class)
			.run((context) -> assertStartUpFailed(context, FinalMethod.class.getName() + ".work(String)",
					"a final method cannot be overridden by the class-based proxy", "Remove 'final'"));
	}

	@Test
	void finalMethodOfALazyBeanFailsWhenTheBeanIsCreated() {
		this.runner.withBean(FinalMethod.class, FinalMethod::new, (definition) -> definition.setLazyInit(true))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThatExceptionOfType(Exception.class).isThrownBy(() -> context.getBean(FinalMethod.class))
					.havingRootCause()
					.isInstanceOf(InvalidLockConfigurationException.class)
					.withMessageContaining("a final method cannot be overridden");
			});
	}

	@Test
	void methodThatNoProxiedInterfaceDeclaresStopsStartUp() {
		this.runner.withPropertyValues("spring.aop.proxy-target-class=false")
			.withBean("orders", Orders.class)
			.run((context) -> assertStartUpFailed(context, Orders.class.getName() + ".cancel(String)",
					"none of them declares the method", "Declare the method on an interface"));
	}

	@Test
	void finalMethodThatAProxiedInterfaceDeclaresStartsWithTheLockApplied() {
		this.runner.withPropertyValues("spring.aop.proxy-target-class=false")
			.withBean("orders", FinalInterfaceMethod.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertLockAdvised(context.getBean("orders"));
			});
	}

	@Test
	void prototypeWithAFinalMethodIsRefusedEveryTimeItIsCreated() {
		this.runner.withBean(FinalMethod.class, FinalMethod::new, (definition) -> definition.setScope("prototype"))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				for (int i = 0; i < 3; i++) {
					assertThatExceptionOfType(Exception.class).isThrownBy(() -> context.getBean(FinalMethod.class))
						.havingRootCause()
						.isInstanceOf(InvalidLockConfigurationException.class);
				}
			});
	}

	@Test
	void packagePrivateMethodInheritedFromAnotherPackageStopsStartUp() {
		this.runner.withBean(PackagePrivateSubclass.class)
			.run((context) -> assertStartUpFailed(context, PackagePrivateSubclass.class.getName() + ".work(String)",
					"cannot be overridden by a proxy in another package", "public or protected"));
	}

	@Test
	void asyncThatRunsInsideTheLockStopsStartUp() {
		this.runner.withUserConfiguration(AsyncFirst.class)
			.withBean(AsyncVoid.class)
			.run((context) -> assertStartUpFailed(context, AsyncVoid.class.getName() + ".run()",
					"@Async runs inside the lock here", "@EnableAsync's order"));
	}

	@Test
	void asyncVoidMethodWithTheDefaultOrderStartsWithTheLockApplied() {
		this.runner.withUserConfiguration(AsyncEnabled.class).withBean(AsyncVoid.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertLockAdvised(context.getBean(AsyncVoid.class));
		});
	}

	@Test
	void proxyWhoseTargetIsNotABeanIsCheckedLikeAnyOther() {
		this.runner.withBean("hot", Placing.class, () -> {
			ProxyFactory factory = new ProxyFactory();
			factory.setTargetSource(new HotSwappableTargetSource(new FinalInterfaceMethod()));
			factory.addInterface(Placing.class);
			return (Placing) factory.getProxy();
		})
			.run((context) -> assertStartUpFailed(context, FinalInterfaceMethod.class.getName() + ".place(String)",
					"is proxied without the @RedisLock advisor", "redisLockAdvisor"));
	}

	@Test
	void methodOfAGenericInterfaceStartsWithTheLockAppliedUnderInterfaceProxies() {
		this.runner.withPropertyValues("spring.aop.proxy-target-class=false")
			.withBean("handler", StringHandler.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertLockAdvised(context.getBean("handler"));
			});
	}

	@Test
	void lockedBeanInACircularReferenceIsCheckedAsTheProxyItIsExposedAs() {
		this.runner.withPropertyValues("spring.main.allow-circular-references=true")
			.withAllowCircularReferences(true)
			.withUserConfiguration(CircularBeans.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertLockAdvised(context.getBean(CircularA.class));
			});
	}

	@Test
	void enabledPropertyThatIsNeitherTrueNorFalseStopsStartUpNamingIt() {
		this.runner.withPropertyValues("redis-lock.enabled=on").withBean(Locked.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("redis-lock.enabled");
		});
	}

	@Test
	void mockOfALockedBeanThatATestRegisteredIsLeftAlone() {
		this.runner
			.withInitializer(
					(context) -> context.getBeanFactory().registerSingleton("locked", Mockito.mock(Locked.class)))
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(Locked.class));
	}

	@Test
	void lockedBeanRegisteredAsAnInstanceStopsStartUp() {
		this.runner.withInitializer((context) -> context.getBeanFactory().registerSingleton("locked", new Locked()))
			.run((context) -> assertStartUpFailed(context, Locked.class.getName() + ".work(String)", "was not proxied",
					"@Lazy"));
	}

	@Test
	void lockedBeanCreatedBeforeTheAutoProxyCreatorStopsStartUp() {
		this.runner.withUserConfiguration(EarlyBeanConfiguration.class)
			.run((context) -> assertStartUpFailed(context, LockedPostProcessor.class.getName() + ".work(String)",
					"was not proxied", "@Lazy"));
	}

	@Test
	void asyncMethodReturningAFutureWithoutEnableAsyncStopsStartUp() {
		this.runner.withBean(AsyncOrders.class)
			.run((context) -> assertStartUpFailed(context, AsyncOrders.class.getName() + ".place(String)",
					"relies on @Async, which is not active", "@EnableAsync"));
	}

	@Test
	void asyncMethodReturningACompletableFutureStartsWithoutEnableAsyncSinceItsLockIsHeldUntilTheFutureCompletes() {
		this.runner.withBean(AsyncCompletableOrders.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertLockAdvised(context.getBean(AsyncCompletableOrders.class));
		});
	}

	@Test
	void asyncMethodReturningAFutureStartsWithEnableAsyncAndRunsInsideTheAsyncAdvisor() {
		this.runner.withUserConfiguration(AsyncEnabled.class).withBean(AsyncOrders.class).run((context) -> {
			assertThat(context).hasNotFailed();
			Advisor[] advisors = ((Advised) context.getBean(AsyncOrders.class)).getAdvisors();
			assertThat(advisors[0].getClass().getSimpleName()).isEqualTo("AsyncAnnotationAdvisor");
			assertLockAdvised(context.getBean(AsyncOrders.class));
		});
	}

	@Test
	void twoConnectionFactoriesAndNoPrimaryStopStartUpOfAnApplicationWithLockedMethods() {
		this.runner.withUserConfiguration(TwoConnectionFactories.class).withBean(Locked.class).run((context) -> {
			assertStartUpFailed(context, Locked.class.getName() + ".work(String)",
					"there is no @RedisLock infrastructure in this application",
					"There are 2 RedisConnectionFactory beans [first, second] and none is @Primary");
			FailureAnalysis analysis = new InvalidLockConfigurationFailureAnalyzer()
				.analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("redis-lock.connection-factory");
		});
	}

	@Test
	void twoConnectionFactoriesAndNoPrimaryStartAnApplicationWithoutLockedMethods() {
		this.runner.withUserConfiguration(TwoConnectionFactories.class)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockClient.class));
	}

	@Test
	void connectionFactoryNamedByPropertyIsTheOneLocksUse() {
		this.runner.withUserConfiguration(TwoConnectionFactories.class)
			.withBean(Locked.class)
			.withPropertyValues("redis-lock.connection-factory=second")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
				assertLockAdvised(context.getBean(Locked.class));
				assertThat(ReflectionTestUtils.getField(context.getBean(RedisLockStore.class), "connectionFactory"))
					.isSameAs(context.getBean("second"));
			});
	}

	@Test
	void unknownConnectionFactoryNameStopsStartUpNamingTheProperty() {
		this.runner.withUserConfiguration(TwoConnectionFactories.class)
			.withPropertyValues("redis-lock.connection-factory=third")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(InvalidConfigurationPropertyValueException.class)
					.hasMessageContaining("redis-lock.connection-factory")
					.hasMessageContaining("[first, second]");
			});
	}

	@Test
	void noConnectionFactoryStopsStartUpOfAnApplicationWithLockedMethods() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class))
			.withBean(Locked.class)
			.run((context) -> assertStartUpFailed(context, Locked.class.getName() + ".work(String)",
					"there is no @RedisLock infrastructure", "There is no RedisConnectionFactory bean"));
	}

	@Test
	void lockedMethodsAreListedInAWarningWhenLocksAreSwitchedOff(CapturedOutput output) {
		this.runner.withPropertyValues("redis-lock.enabled=false").withBean(Locked.class).run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean("redisLockAdvisor");
			assertThat(output).contains("redis-lock.enabled is false: these @RedisLock methods run without a lock: ["
					+ Locked.class.getName() + ".work(String)]");
		});
	}

	private static void assertStartUpFailed(AssertableApplicationContext context, String method, String problem,
			String action) {
		assertThat(context).hasFailed();
		assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
			.isInstanceOf(InvalidLockConfigurationException.class)
			.hasMessageStartingWith("Invalid @RedisLock configuration on '" + method + "'")
			.hasMessageContaining(problem)
			.satisfies((ex) -> assertThat(((InvalidLockConfigurationException) ex).getAction()).contains(action));
	}

	private static void assertLockAdvised(Object bean) {
		assertThat(bean).isInstanceOf(Advised.class);
		assertThat(((Advised) bean).getAdvisors())
			.anyMatch((advisor) -> advisor.getClass().getSimpleName().equals("RedisLockAdvisor"));
	}

	static class Locked {

		@RedisLock("#id")
		public void work(String id) {
		}

	}

	static class FinalMethod {

		@RedisLock("#id")
		public final void work(String id) {
		}

	}

	interface Placing {

		void place(String id);

	}

	static class Orders implements Placing {

		@Override
		@RedisLock("#id")
		public void place(String id) {
		}

		@RedisLock("#id")
		public void cancel(String id) {
		}

	}

	static class FinalInterfaceMethod implements Placing {

		@Override
		@RedisLock("#id")
		public final void place(String id) {
		}

	}

	public static class PackagePrivateSubclass extends PackagePrivateLockedBase {

	}

	static class AsyncVoid {

		@Async
		@RedisLock("'async-void'")
		public void run() {
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAsync(order = Ordered.HIGHEST_PRECEDENCE)
	static class AsyncFirst {

	}

	interface Handler<T> {

		void handle(T value);

	}

	static class StringHandler implements Handler<String> {

		@Override
		@RedisLock("#value")
		public void handle(String value) {
		}

	}

	static class CircularA {

		@Autowired
		CircularB b;

		@RedisLock("#id")
		public void work(String id) {
		}

	}

	static class CircularB {

		@Autowired
		CircularA a;

	}

	@Configuration(proxyBeanMethods = false)
	static class CircularBeans {

		@Bean
		CircularA circularA() {
			return new CircularA();
		}

		@Bean
		CircularB circularB() {
			return new CircularB();
		}

	}

	static class AsyncOrders {

		@Async
		@RedisLock("#id")
		public Future<String> place(String id) {
			return CompletableFuture.completedFuture(id);
		}

	}

	static class AsyncCompletableOrders {

		@Async
		@RedisLock("#id")
		public CompletableFuture<String> place(String id) {
			return CompletableFuture.completedFuture(id);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAsync
	static class AsyncEnabled {

	}

	static class LockedPostProcessor implements BeanPostProcessor, PriorityOrdered {

		@Override
		public int getOrder() {
			return 0;
		}

		@RedisLock("#id")
		public void work(String id) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class EarlyBeanConfiguration {

		@Bean
		static LockedPostProcessor lockedPostProcessor() {
			return new LockedPostProcessor();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoConnectionFactories {

		@Bean
		RedisConnectionFactory first() {
			return new LettuceConnectionFactory("127.0.0.1", 1);
		}

		@Bean
		RedisConnectionFactory second() {
			return new LettuceConnectionFactory("127.0.0.1", 2);
		}

	}

}
