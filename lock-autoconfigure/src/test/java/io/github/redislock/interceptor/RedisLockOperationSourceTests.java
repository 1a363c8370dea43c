// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.concurrent.SubmissionPublisher;
import java.util.stream.Stream;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.annotation.AliasFor;
import org.springframework.scheduling.annotation.Async;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.WebAsyncTask;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link RedisLockOperationSource}: what it finds, and that every invalid
 * annotation is rejected with a message naming the class, the method and the fix.
 *
 * @author redis-lock contributors
 */
class RedisLockOperationSourceTests {

	/**
	 * Defaults unlike any annotation's values, so that each value read shows its origin.
	 */
	private static final LockDefaults DEFAULTS = new LockDefaults(Duration.ofSeconds(7), Duration.ofSeconds(2), true);

	private final RedisLockOperationSource source = new RedisLockOperationSource();

	@Test
	void unsetAttributesAreLeftToTheDefaults() {
		RedisLockOperation operation = operation(Valid.class, "defaults", String.class);
		assertThat(operation.getKeyExpression()).isEqualTo("#id");
		assertThat(operation.toDefinition("k", DEFAULTS, false)).satisfies((definition) -> {
			assertThat(definition.leaseTime()).isEqualTo(Duration.ofSeconds(7));
			assertThat(definition.waitTime()).isEqualTo(Duration.ofSeconds(2));
			assertThat(definition.renew()).isTrue();
		});
	}

	@Test
	void explicitTimesAreConvertedWithTheirUnit() {
		RedisLockOperation operation = operation(Valid.class, "explicit", String.class);
		assertThat(operation.toDefinition("k", DEFAULTS, false)).satisfies((definition) -> {
			assertThat(definition.leaseTime()).isEqualTo(Duration.ofMillis(1500));
			assertThat(definition.waitTime()).isZero();
			assertThat(definition.renew()).isFalse();
		});
	}

	@Test
	void renewalSwitchedOffByPropertyOverridesTheAnnotation() {
		RedisLockOperation operation = operation(Valid.class, "defaults", String.class);
		assertThat(operation.toDefinition("k", new LockDefaults(Duration.ofSeconds(7), Duration.ZERO, false), false)
			.renew()).isFalse();
	}

	@Test
	void keyAndValueAreAliases() {
		assertThat(operation(Valid.class, "viaValue", String.class).getKeyExpression()).isEqualTo("'fixed'");
	}

	@Test
	void emptyKeyLocksTheWholeMethod() {
		RedisLockOperation operation = operation(Valid.class, "noKey");
		assertThat(operation.getKeyExpression()).isNull();
		assertThat(operation.getName()).isEqualTo(Valid.class.getName() + ".noKey");
	}

	@Test
	void theLabelIsTheAnnotationsElseTheClassAndMethodNeverTheKeyExpressionNorAnEvaluatedKey() {
		assertThat(operation(Valid.class, "labelled", String.class).getLabel()).isEqualTo("order");
		assertThat(operation(Valid.class, "defaults", String.class).getLabel()).isEqualTo("Valid.defaults");
		assertThat(operation(Valid.class, "noKey").getLabel()).isEqualTo("Valid.noKey");
		assertThat(operation(Valid.class, "labelled", String.class).toDefinition("order:42",
				new LockDefaults(Duration.ofSeconds(30), Duration.ZERO, true), false))
			.returns("order:42", LockDefinition::name)
			.returns("order", LockDefinition::label);
	}

	@Test
	void theDefaultLabelNamesTheUsersClassNotItsCglibSubclass() {
		ProxyFactory factory = new ProxyFactory(new Valid());
		factory.setProxyTargetClass(true);
		Class<?> proxyClass = factory.getProxy().getClass();
		assertThat(proxyClass).isNotEqualTo(Valid.class);
		Method method = ReflectionUtils.findMethod(Valid.class, "defaults", String.class);
		RedisLockOperation operation = this.source.getOperation(method, proxyClass);
		assertThat(operation).isNotNull();
		assertThat(operation.getLabel()).isEqualTo("Valid.defaults");
	}

	@Test
	void composedAnnotationIsFoundWithItsOverrides() {
		RedisLockOperation operation = operation(Valid.class, "composed", String.class);
		assertThat(operation.getKeyExpression()).isEqualTo("'order:' + #id");
		assertThat(operation.toDefinition("k", DEFAULTS, false).waitTime()).isEqualTo(Duration.ofMillis(250));
	}

	@Test
	void annotationOnInterfaceMethodIsFoundFromTheImplementation() {
		Method method = ReflectionUtils.findMethod(Implementation.class, "place", long.class);
		RedisLockOperation operation = this.source.getOperation(method, Implementation.class);
		assertThat(operation).isNotNull();
		assertThat(operation.getMethod().getDeclaringClass()).isEqualTo(Implementation.class);
		Method interfaceMethod = ReflectionUtils.findMethod(OrderPlacing.class, "place", long.class);
		assertThat(this.source.getOperation(interfaceMethod, Implementation.class)).isNotNull();
		assertThat(this.source.hasOperations(Implementation.class)).isTrue();
	}

	@Test
	void operationIsParsedOncePerMethodAndClass() {
		Method method = ReflectionUtils.findMethod(Valid.class, "defaults", String.class);
		assertThat(this.source.getOperation(method, Valid.class))
			.isSameAs(this.source.getOperation(method, Valid.class));
	}

	@Test
	void unannotatedMethodsAndClassesHaveNoOperation() {
		assertThat(this.source.getOperation(ReflectionUtils.findMethod(Valid.class, "plain"), Valid.class)).isNull();
		assertThat(this.source.hasOperations(String.class)).isFalse();
		assertThat(this.source.hasOperations(Unannotated.class)).isFalse();
	}

	@Test
	void fallbackWithTheExceptionIsPreferred() {
		FallbackMethod fallback = operation(Valid.class, "withFallback", String.class).getFallback();
		assertThat(fallback).isNotNull();
		assertThat(fallback.method().getParameterTypes()).containsExactly(String.class, LockAcquisitionException.class);
	}

	@Test
	void unparsableKeyIsRejected() {
		assertInvalid(BadSyntax.class, "key expression \"'order:' + #id +\" does not parse", "Fix the SpEL syntax");
	}

	@Test
	void unknownParameterNameIsRejectedListingTheParameters() {
		assertInvalid(UnknownParameter.class, "'#userId' is not a parameter of the method; its parameters are [id]",
				"#p0");
	}

	@Test
	void bareWordIsRejectedSuggestingAParameterOrALiteral() {
		assertInvalid(BareWord.class, "'stock' is neither a method parameter nor a property of #root", "\"'stock'\"");
	}

	@Test
	void unknownVariableInConditionIsRejected() {
		assertInvalid(BadCondition.class, "condition expression \"#amount > 10\"", "#p0");
	}

	@Test
	void zeroExpireIsRejected() {
		assertInvalid(ZeroExpire.class, "expire must be at least 1 ms, was 0 SECONDS", "-1");
	}

	@Test
	void expireShorterThanAMillisecondIsRejected() {
		assertInvalid(NanoExpire.class, "expire must be at least 1 ms, was 500 NANOSECONDS", "timeUnit");
	}

	@Test
	void expireLongerThanTheLongestLeaseIsRejectedInsteadOfShortened() {
		assertInvalid(CenturiesExpire.class,
				"expire must be at most PT2562047H47M16.854775807S (about 292 years), was 146000 DAYS", "renewal");
	}

	@Test
	void waitTimeLongerThanTheLongestDurationWaitsPracticallyForever() {
		assertThat(operation(CenturiesWait.class, "work", String.class).toDefinition("k", DEFAULTS, false).waitTime())
			.isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
	}

	@Test
	void negativeWaitTimeOtherThanMinusOneIsRejected() {
		assertInvalid(NegativeWait.class, "waitTime = -5 SECONDS", "zero or more");
	}

	@Test
	void holdAtLeastLongerThanTheLongestLeaseIsRejectedInsteadOfShortened() {
		assertInvalid(CenturiesHoldAtLeast.class,
				"holdAtLeast must be at most PT2562047H47M16.854775807S (about 292 years), was 146000 DAYS",
				"timeUnit");
	}

	@Test
	void holdAtLeastShorterThanAMillisecondIsRejected() {
		assertInvalid(NanoHoldAtLeast.class, "holdAtLeast must be at least 1 ms, was 500 NANOSECONDS", "timeUnit");
	}

	@Test
	void holdAtLeastLongerThanALeaseThatIsNotRenewedIsRejected() {
		assertInvalid(HoldAtLeastBeyondAFixedLease.class,
				"holdAtLeast = 10 is longer than expire = 2 (SECONDS), and renew = false", "at most 'expire'");
	}

	@Test
	void negativeHoldAtLeastIsRejected() {
		assertInvalid(NegativeHoldAtLeast.class, "holdAtLeast = -1 SECONDS", "zero or more");
	}

	@Test
	void privateMethodIsRejectedBecauseItWouldRunUnlocked() {
		assertInvalid(PrivateMethod.class, "a private method cannot be intercepted", "LockOperations");
	}

	@ParameterizedTest
	@ValueSource(classes = { ReturnsFuture.class, ReturnsCallable.class, ReturnsFlowPublisher.class,
			ReturnsDeferredResult.class, ReturnsWebAsyncTask.class, ReturnsEmitter.class,
			ReturnsStreamingResponseBody.class, ReturnsRunnable.class, ReturnsSupplier.class, ReturnsIntSupplier.class,
			ReturnsIterator.class, ReturnsSpliterator.class, ReturnsOptionalFuture.class,
			ReturnsOptionalSupplier.class })
	void methodThatFinishesItsWorkAfterReturningIsRejectedBecauseItsWorkWouldRunUnlocked(Class<?> type) {
		assertInvalid(type, "the lock would be released when the method returns, before the work it started has run",
				"@Async");
	}

	@ParameterizedTest
	@ValueSource(classes = { ReturnsCompletableFuture.class, ReturnsCompletionStage.class, ReturnsMono.class,
			ReturnsFlux.class })
	void methodReturningWorkTheLockIsHeldUntilItCompletesIsAccepted(Class<?> type) throws Exception {
		assertThat(operation(type, "work", String.class)).isNotNull();
	}

	@ParameterizedTest
	@ValueSource(classes = { ReturnsMonoOfMono.class, ReturnsMonoOfFuture.class, ReturnsFluxOfMono.class,
			ReturnsFutureOfMono.class, ReturnsStageOfFuture.class, ReturnsFutureOfSupplier.class })
	void methodReturningWorkThatOnlyStartsAnotherIsRejectedBecauseTheInnerWorkWouldRunUnlocked(Class<?> type) {
		assertInvalid(type, "the inner work runs after that, unprotected", "flattened with flatMap or thenCompose");
	}

	@Test
	void methodReturningAnOptionalOfAPlainValueIsAccepted() {
		assertThat(operation(ReturnsOptionalValue.class, "work", String.class)).isNotNull();
	}

	@Test
	void blankLabelIsRejectedBecauseTheLocksWouldBeReportedUnderNoName() {
		assertInvalid(BlankLabel.class, "label = '  ' is blank", "Give a label with text");
	}

	@Test
	void blankKeyIsRejectedRatherThanTakenForNoKey() {
		assertInvalid(BlankKey.class, "key = ' ' is blank, which reads as no key", "Leave 'key' empty");
	}

	@Test
	void keyThatIsAlwaysABlankLiteralIsRejectedAtStartUp() {
		assertInvalid(BlankLiteralKey.class, "key expression \"' '\" is always blank", "Name the lock with text");
	}

	@Test
	void methodReturningAStreamIsRejectedBecauseItsWorkRunsWhenTheStreamIsConsumed() {
		assertInvalid(ReturnsStream.class, "returns BaseStream, whose work runs after the method returned", "@Async");
	}

	@Test
	void annotationOnAnInterfaceMethodImplementedByAnUnrelatedSuperclassIsFound() {
		RedisLockOperation operation = operation(InheritedImplementation.class, "place", long.class);
		assertThat(operation.getKeyExpression()).isEqualTo("'order:' + #p0");
		assertThat(this.source.hasOperations(InheritedImplementation.class)).isTrue();
	}

	@Test
	void twoDifferentAnnotationsOnOneMethodAreRejected() {
		assertInvalid(TwoLocks.class, "2 different @RedisLock annotations reach the method", "Keep one @RedisLock");
	}

	@Test
	void annotationOnAnOverridingMethodReplacesTheOverriddenOne() {
		assertThat(operation(Overriding.class, "place", long.class).getKeyExpression()).isEqualTo("'over:' + #p0");
		assertThat(operation(Overridden.class, "place", long.class).getKeyExpression()).isEqualTo("'base:' + #p0");
	}

	@Test
	void methodOfAJdkProxyIsParsedAsTheInterfaceMethodItImplements() {
		Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Finding.class },
				(instance, method, args) -> null);
		Method method = ReflectionUtils.findMethod(Finding.class, "findByName", String.class);
		RedisLockOperation operation = this.source.getOperation(method, proxy.getClass());
		assertThat(operation).isNotNull();
		assertThat(operation.getMethod()).isEqualTo(method);
		assertThat(operation.getName()).isEqualTo("'query:' + #name");
		assertThat(this.source.hasOperations(proxy.getClass())).isTrue();
	}

	@Test
	void theSameAnnotationOnTheInterfaceAndTheImplementationIsOneLock() {
		assertThat(operation(Repeated.class, "place", long.class).getKeyExpression()).isEqualTo("'order:' + #p0");
	}

	@Test
	void composedAnnotationOnAClassIsRejectedBecauseNoMethodWouldBeLocked() {
		assertThatExceptionOfType(InvalidLockConfigurationException.class)
			.isThrownBy(() -> this.source.hasOperations(LockedType.class))
			.withMessage("Invalid @RedisLock configuration on '" + LockedType.class.getName()
					+ "': @RedisLock reaches the class through a composed annotation, and it applies to methods only, "
					+ "so no method would be locked");
	}

	@Test
	void annotatedToStringIsRejectedBecauseItIsNeverLocked() {
		assertInvalid(LockedToString.class, "equals, hashCode and toString are never locked", "Lock a method");
	}

	@ParameterizedTest
	@ValueSource(classes = { PostConstructCallback.class, PreDestroyCallback.class, InitializingCallback.class,
			DisposableCallback.class })
	void lifecycleCallbackIsRejectedBecauseTheContainerCallsItOnTheBeanItself(Class<?> type) {
		assertInvalid(type, "it is a lifecycle callback", "another bean");
	}

	@Test
	void fallbackNamingTheAnnotatedMethodItselfIsRejected() {
		assertInvalid(SelfFallback.class, "fallback method 'work' is the annotated method itself", "another method");
	}

	@Test
	void fallbackThatIsItselfLockedIsRejected() {
		assertInvalid(LockedFallback.class, "fallback method 'other' is itself @RedisLock", "another bean");
	}

	@Test
	void lockOfAMethodWithoutKeyIsNamedForTheClassThatDeclaresIt() {
		Method method = ReflectionUtils.findMethod(BaseJob.class, "sync");
		assertThat(this.source.getOperation(method, NightlyJob.class).getName())
			.isEqualTo(BaseJob.class.getName() + ".sync");
		assertThat(this.source.getOperation(method, ManualJob.class).getName())
			.isEqualTo(BaseJob.class.getName() + ".sync");
	}

	@Test
	void asyncMethodReturningAFutureIsAccepted() {
		assertThat(operation(AsyncMethods.class, "onMethod", String.class)).isNotNull();
		assertThat(operation(AsyncClass.class, "onClass", String.class)).isNotNull();
	}

	@Test
	void missingFallbackIsRejectedShowingTheExpectedSignatures() {
		assertInvalid(MissingFallback.class, "fallback method 'onBusy' not found",
				"onBusy(String, LockAcquisitionException)");
	}

	@Test
	void fallbackWithIncompatibleReturnTypeIsRejected() {
		assertInvalid(IncompatibleFallback.class, "fallback method 'onBusy' returns java.lang.String", "Integer");
	}

	@Test
	void everyMethodOfAClassIsValidatedNotOnlyTheFirstMatch() {
		assertThatExceptionOfType(InvalidLockConfigurationException.class)
			.isThrownBy(() -> this.source.hasOperations(GoodThenBad.class))
			.withMessageContaining(GoodThenBad.class.getName() + ".bad(String)");
	}

	private RedisLockOperation operation(Class<?> type, String name, Class<?>... parameterTypes) {
		RedisLockOperation operation = this.source.getOperation(ReflectionUtils.findMethod(type, name, parameterTypes),
				type);
		assertThat(operation).isNotNull();
		return operation;
	}

	private void assertInvalid(Class<?> type, String problem, String action) {
		assertThatExceptionOfType(InvalidLockConfigurationException.class)
			.isThrownBy(() -> this.source.hasOperations(type))
			.withMessageStartingWith("Invalid @RedisLock configuration on '" + type.getName() + ".")
			.withMessageContaining(problem)
			.satisfies((ex) -> assertThat(ex.getAction()).contains(action));
	}

	@Target(ElementType.METHOD)
	@Retention(RetentionPolicy.RUNTIME)
	@RedisLock(waitTime = 250, timeUnit = TimeUnit.MILLISECONDS)
	@interface OrderLock {

		@AliasFor(annotation = RedisLock.class, attribute = "key")
		String value();

	}

	interface OrderPlacing {

		@RedisLock("'order:' + #orderId")
		void place(long orderId);

	}

	static class Implementation implements OrderPlacing {

		@Override
		public void place(long orderId) {
		}

	}

	static class Unannotated {

		public void work(String id) {
		}

	}

	static class Valid {

		@RedisLock(key = "#id")
		public void defaults(String id) {
		}

		@RedisLock(key = "#p0", expire = 1500, waitTime = 0, timeUnit = TimeUnit.MILLISECONDS, renew = false)
		public void explicit(String id) {
		}

		@RedisLock("'fixed'")
		public void viaValue(String id) {
		}

		@RedisLock
		public void noKey() {
		}

		@RedisLock(key = "'order:' + #id", label = "order")
		public void labelled(String id) {
		}

		@OrderLock("'order:' + #id")
		public void composed(String id) {
		}

		@RedisLock(key = "#id", fallback = "onBusy")
		public String withFallback(String id) {
			return id;
		}

		String onBusy(String id) {
			return "plain";
		}

		String onBusy(String id, LockAcquisitionException ex) {
			return "with exception";
		}

		public void plain() {
		}

	}

	static class BadSyntax {

		@RedisLock("'order:' + #id +")
		public void work(String id) {
		}

	}

	static class UnknownParameter {

		@RedisLock("'user:' + #userId")
		public void work(String id) {
		}

	}

	static class BareWord {

		@RedisLock("stock")
		public void work(String id) {
		}

	}

	static class BadCondition {

		@RedisLock(key = "#id", condition = "#amount > 10")
		public void work(String id) {
		}

	}

	static class ZeroExpire {

		@RedisLock(key = "#id", expire = 0)
		public void work(String id) {
		}

	}

	static class NanoExpire {

		@RedisLock(key = "#id", expire = 500, timeUnit = TimeUnit.NANOSECONDS)
		public void work(String id) {
		}

	}

	static class NegativeWait {

		@RedisLock(key = "#id", waitTime = -5)
		public void work(String id) {
		}

	}

	static class NegativeHoldAtLeast {

		@RedisLock(key = "#id", holdAtLeast = -1)
		public void work(String id) {
		}

	}

	static class HoldAtLeastBeyondAFixedLease {

		@RedisLock(key = "#id", expire = 2, renew = false, holdAtLeast = 10)
		public void work(String id) {
		}

	}

	static class CenturiesHoldAtLeast {

		@RedisLock(key = "#id", holdAtLeast = 400 * 365, timeUnit = TimeUnit.DAYS)
		public void work(String id) {
		}

	}

	static class NanoHoldAtLeast {

		@RedisLock(key = "#id", holdAtLeast = 500, timeUnit = TimeUnit.NANOSECONDS)
		public void work(String id) {
		}

	}

	static class CenturiesExpire {

		@RedisLock(key = "#id", expire = 400 * 365, timeUnit = TimeUnit.DAYS)
		public void work(String id) {
		}

	}

	static class CenturiesWait {

		@RedisLock(key = "#id", waitTime = 400 * 365, timeUnit = TimeUnit.DAYS)
		public void work(String id) {
		}

	}

	static class PrivateMethod {

		@RedisLock(key = "#id")
		private void work(String id) {
		}

	}

	static class MissingFallback {

		@RedisLock(key = "#id", fallback = "onBusy")
		public String work(String id) {
			return id;
		}

	}

	static class IncompatibleFallback {

		@RedisLock(key = "#id", fallback = "onBusy")
		public Integer work(String id) {
			return 1;
		}

		String onBusy(String id) {
			return "x";
		}

	}

	static class GoodThenBad {

		@RedisLock(key = "#id")
		public void a(String id) {
		}

		@RedisLock(key = "#nope")
		public void bad(String id) {
		}

	}

	static class ReturnsCompletableFuture {

		@RedisLock("#id")
		public CompletableFuture<String> work(String id) {
			return CompletableFuture.supplyAsync(() -> id);
		}

	}

	static class ReturnsCompletionStage {

		@RedisLock("#id")
		public CompletionStage<String> work(String id) {
			return CompletableFuture.supplyAsync(() -> id);
		}

	}

	static class ReturnsFuture {

		@RedisLock("#id")
		public Future<String> work(String id) {
			return CompletableFuture.supplyAsync(() -> id);
		}

	}

	static class ReturnsMono {

		@RedisLock("#id")
		public Mono<String> work(String id) {
			return Mono.fromSupplier(() -> id);
		}

	}

	static class ReturnsFlux {

		@RedisLock("#id")
		public Flux<String> work(String id) {
			return Flux.just(id);
		}

	}

	static class ReturnsRunnable {

		@RedisLock("#id")
		public Runnable work(String id) {
			return () -> id.length();
		}

	}

	static class ReturnsSupplier {

		@RedisLock("#id")
		public java.util.function.Supplier<String> work(String id) {
			return () -> id;
		}

	}

	static class ReturnsIntSupplier {

		@RedisLock("#id")
		public java.util.function.IntSupplier work(String id) {
			return id::length;
		}

	}

	static class ReturnsIterator {

		@RedisLock("#id")
		public java.util.Iterator<String> work(String id) {
			return java.util.stream.Stream.of(id).map(String::trim).iterator();
		}

	}

	static class ReturnsSpliterator {

		@RedisLock("#id")
		public java.util.Spliterator<String> work(String id) {
			return java.util.stream.Stream.of(id).spliterator();
		}

	}

	static class ReturnsOptionalFuture {

		@RedisLock("#id")
		public java.util.Optional<CompletableFuture<String>> work(String id) {
			return java.util.Optional.of(CompletableFuture.supplyAsync(() -> id));
		}

	}

	static class ReturnsOptionalSupplier {

		@RedisLock("#id")
		public java.util.Optional<java.util.function.Supplier<String>> work(String id) {
			return java.util.Optional.of(() -> id);
		}

	}

	static class ReturnsMonoOfMono {

		@RedisLock(key = "#id")
		public Mono<Mono<String>> work(String id) {
			return Mono.just(Mono.fromCallable(() -> id));
		}

	}

	static class ReturnsMonoOfFuture {

		@RedisLock(key = "#id")
		public Mono<CompletableFuture<String>> work(String id) {
			return Mono.just(CompletableFuture.supplyAsync(() -> id));
		}

	}

	static class ReturnsFluxOfMono {

		@RedisLock(key = "#id")
		public Flux<Mono<String>> work(String id) {
			return Flux.just(Mono.fromCallable(() -> id));
		}

	}

	static class ReturnsFutureOfMono {

		@RedisLock(key = "#id")
		public CompletableFuture<Mono<String>> work(String id) {
			return CompletableFuture.completedFuture(Mono.fromCallable(() -> id));
		}

	}

	static class ReturnsStageOfFuture {

		@RedisLock(key = "#id")
		public CompletionStage<CompletableFuture<String>> work(String id) {
			return CompletableFuture.completedFuture(CompletableFuture.supplyAsync(() -> id));
		}

	}

	static class ReturnsFutureOfSupplier {

		@RedisLock(key = "#id")
		public CompletableFuture<java.util.function.Supplier<String>> work(String id) {
			return CompletableFuture.completedFuture(() -> id);
		}

	}

	static class ReturnsOptionalValue {

		@RedisLock("#id")
		public java.util.Optional<String> work(String id) {
			return java.util.Optional.of(id);
		}

	}

	static class BlankKey {

		@RedisLock(key = " ")
		public void work(String id) {
		}

	}

	static class BlankLiteralKey {

		@RedisLock(key = "' '")
		public void work(String id) {
		}

	}

	static class BlankLabel {

		@RedisLock(key = "#id", label = "  ")
		public void work(String id) {
		}

	}

	static class ReturnsCallable {

		@RedisLock("#id")
		public Callable<String> work(String id) {
			return () -> id;
		}

	}

	static class ReturnsDeferredResult {

		@RedisLock("#id")
		public DeferredResult<String> work(String id) {
			return new DeferredResult<>();
		}

	}

	static class ReturnsWebAsyncTask {

		@RedisLock("#id")
		public WebAsyncTask<String> work(String id) {
			return new WebAsyncTask<>(() -> id);
		}

	}

	static class ReturnsEmitter {

		@RedisLock("#id")
		public SseEmitter work(String id) {
			return new SseEmitter();
		}

	}

	static class ReturnsStreamingResponseBody {

		@RedisLock("#id")
		public StreamingResponseBody work(String id) {
			return (out) -> out.write(id.getBytes());
		}

	}

	static class ReturnsFlowPublisher {

		@RedisLock("#id")
		public Flow.Publisher<String> work(String id) {
			return new SubmissionPublisher<>();
		}

	}

	static class AsyncMethods {

		@Async
		@RedisLock("#id")
		public CompletableFuture<String> onMethod(String id) {
			return CompletableFuture.completedFuture(id);
		}

	}

	@Async
	static class AsyncClass {

		@RedisLock("#id")
		public CompletableFuture<String> onClass(String id) {
			return CompletableFuture.completedFuture(id);
		}

	}

	static class ReturnsStream {

		@RedisLock("#id")
		public Stream<String> work(String id) {
			return Stream.of(id);
		}

	}

	static class CrudBase {

		public String place(long id) {
			return "placed";
		}

	}

	interface Placing {

		@RedisLock("'order:' + #p0")
		String place(long id);

	}

	static class InheritedImplementation extends CrudBase implements Placing {

	}

	@Retention(RetentionPolicy.RUNTIME)
	@RedisLock("'user:' + #p0")
	@interface PerUser {

	}

	@Retention(RetentionPolicy.RUNTIME)
	@RedisLock("'product:' + #p1")
	@interface PerProduct {

	}

	static class TwoLocks {

		@PerUser
		@PerProduct
		public void buy(String user, String product) {
		}

	}

	static class Repeated implements Placing {

		@Override
		@RedisLock(key = "'order:' + #p0")
		public String place(long id) {
			return "placed";
		}

	}

	@Target({ ElementType.TYPE, ElementType.METHOD })
	@Retention(RetentionPolicy.RUNTIME)
	@RedisLock("'exclusive'")
	@interface Exclusive {

	}

	@Exclusive
	static class LockedType {

		public void run() {
		}

	}

	static class LockedToString {

		@Override
		@RedisLock("'text'")
		public String toString() {
			return "locked";
		}

	}

	static class PostConstructCallback {

		@PostConstruct
		@RedisLock("'init'")
		public void init() {
		}

	}

	static class PreDestroyCallback {

		@PreDestroy
		@RedisLock("'destroy'")
		public void close() {
		}

	}

	static class InitializingCallback implements InitializingBean {

		@Override
		@RedisLock("'init'")
		public void afterPropertiesSet() {
		}

	}

	static class DisposableCallback implements DisposableBean {

		@Override
		@RedisLock("'destroy'")
		public void destroy() {
		}

	}

	static class SelfFallback {

		@RedisLock(key = "'self'", fallback = "work")
		public String work() {
			return "ran";
		}

	}

	static class LockedFallback {

		@RedisLock(key = "'a'", fallback = "other")
		public String work() {
			return "ran";
		}

		@RedisLock(key = "'b'")
		public String other() {
			return "other";
		}

	}

	abstract static class BaseJob {

		@RedisLock
		public void sync() {
		}

	}

	static class NightlyJob extends BaseJob {

	}

	static class ManualJob extends BaseJob {

	}

	static class Overridden {

		@RedisLock("'base:' + #p0")
		public String place(long id) {
			return "base";
		}

	}

	static class Overriding extends Overridden {

		@Override
		@RedisLock("'over:' + #p0")
		public String place(long id) {
			return "over";
		}

	}

	interface Finding {

		@RedisLock("'query:' + #name")
		String findByName(String name);

	}

}
