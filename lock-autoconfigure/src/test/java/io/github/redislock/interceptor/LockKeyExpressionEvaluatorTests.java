// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.EventObject;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockException;
import io.github.redislock.core.LockKeyEvaluationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.SpelCompilerMode;
import org.springframework.expression.spel.SpelParserConfiguration;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link LockKeyExpressionEvaluator}, without an application context.
 *
 * @author redis-lock contributors
 */
class LockKeyExpressionEvaluatorTests {

	private final AtomicInteger parses = new AtomicInteger();

	private final LockKeyExpressionEvaluator evaluator = new LockKeyExpressionEvaluator() {

		@Override
		protected Expression parseExpression(String expression) {
			LockKeyExpressionEvaluatorTests.this.parses.incrementAndGet();
			return super.parseExpression(expression);
		}

	};

	private final RedisLockOperationSource source = new RedisLockOperationSource(this.evaluator);

	private final Orders target = new Orders();

	@Test
	void argumentsAreVisibleByNameAndByPosition() {
		assertThat(key("byName", "u1", 7)).isEqualTo("order:u1:7");
		assertThat(key("byPosition", "u1", 7)).isEqualTo("u1/7/u1/7");
	}

	@Test
	void rootObjectExposesMethodArgsTargetAndTargetClass() {
		assertThat(key("byRoot", "u1", 7)).isEqualTo("byRoot/byRoot/2/true/Orders");
	}

	@Test
	void rootObjectKeysAreTheSameWithSpelsCompilerOn() {
		// The root object is package-private: a compiled expression must still read it.
		SpelExpressionParser parser = new SpelExpressionParser(
				new SpelParserConfiguration(SpelCompilerMode.IMMEDIATE, getClass().getClassLoader()));
		RedisLockOperation operation = operation("byRoot", String.class, int.class);
		Expression expression = parser.parseExpression(operation.getKeyExpression());
		EvaluationContext context = context(operation, "u1", 7);
		for (int i = 0; i < 3; i++) {
			assertThat(expression.getValue(context, String.class)).isEqualTo("byRoot/byRoot/2/true/Orders");
		}
	}

	@Test
	void nestedPropertiesOfArgumentsAreReachable() {
		assertThat(key("byUser", new User("alice"))).isEqualTo("user:alice");
	}

	@Test
	void nonStringKeyIsConvertedToText() {
		assertThat(key("byNumber", 42L)).isEqualTo("42");
	}

	@Test
	void beanReferencesResolveThroughTheBeanFactory() {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerSingleton("tenant", new Tenant("acme"));
		this.evaluator.setBeanFactory(beanFactory);
		assertThat(key("byBean", "u1")).isEqualTo("acme:u1");
	}

	@Test
	void unknownBeanIsRejectedAtValidationWhenABeanFactoryIsKnown() {
		this.evaluator.setBeanFactory(new DefaultListableBeanFactory());
		assertThatExceptionOfType(InvalidLockConfigurationException.class)
			.isThrownBy(() -> operation("byBean", String.class))
			.withMessageContaining("'@tenant' refers to a bean that does not exist");
	}

	@Test
	void eachExpressionIsParsedOnceHoweverOftenItIsEvaluated() {
		for (int i = 0; i < 100; i++) {
			assertThat(key("byName", "u" + i, i)).isEqualTo("order:u" + i + ":" + i);
		}
		assertThat(this.parses).hasValue(1);
	}

	@Test
	void nullKeyFailsNamingTheMethodAndTheExpression() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", (Object) null))
			.withMessage("Lock key '#id' of @RedisLock method '" + Orders.class.getName()
					+ ".raw(Object)' evaluated to null; the method was not invoked")
			.satisfies((ex) -> assertThat(ex.getExpression()).isEqualTo("#id"));
	}

	@Test
	void keyThatCannotBeEvaluatedIsCaughtWithTheOtherLockExceptions() {
		assertThatExceptionOfType(LockException.class).isThrownBy(() -> key("raw", (Object) null))
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("#id"));
	}

	@Test
	void nullArgumentConcatenatedIntoTheKeyFailsInsteadOfLockingTheTextNull() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("byName", null, 1))
			.withMessageContaining("concatenates '#userId', which evaluated to null");
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("byUserAndItem", new User(null), "i1"))
			.withMessageContaining("concatenates '#user.name', which evaluated to null");
	}

	@Test
	void textNullFromARealValueOrAHandledNullIsAValidKey() {
		assertThat(key("byName", "nullable", 1)).isEqualTo("order:nullable:1");
		assertThat(key("withDefault", (Object) null)).isEqualTo("user:anonymous");
		assertThat(key("byUserAndItem", new User("null"), "i1")).isEqualTo("null/i1");
	}

	@Test
	void blankKeyFails() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", "  "))
			.withMessageContaining("evaluated to a blank string");
	}

	@Test
	void evaluationErrorIsWrappedWithTheMethodAndTheExpression() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("byUser", (Object) null))
			.withMessageContaining("Lock key ''user:' + #user.name'")
			.withMessageContaining("could not be evaluated");
	}

	@Test
	void conditionDecidesWhetherToLock() {
		RedisLockOperation operation = operation("conditional", int.class);
		assertThat(this.evaluator.condition(operation, context(operation, 11))).isTrue();
		assertThat(this.evaluator.condition(operation, context(operation, 10))).isFalse();
	}

	@Test
	void conditionThatEvaluatesToNullFailsTheCallInsteadOfSkippingTheLock() {
		RedisLockOperation operation = operation("nullableCondition", Boolean.class);
		assertThat(this.evaluator.condition(operation, context(operation, false))).isFalse();
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> this.evaluator.condition(operation, context(operation, (Object) null)))
			.withMessage("Condition '#flag' of @RedisLock method '" + Orders.class.getName()
					+ ".nullableCondition(Boolean)' evaluated to null, which is neither true nor false; the method "
					+ "was not invoked");
	}

	@Test
	void conditionThatIsNotABooleanOrFailsIsWrappedWithTheMethodAndTheExpression() {
		RedisLockOperation notBoolean = operation("textCondition", String.class);
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> this.evaluator.condition(notBoolean, context(notBoolean, "maybe")))
			.withMessageContaining("Condition '#text' of @RedisLock method")
			.withMessageContaining("not a boolean");
		RedisLockOperation failing = operation("failingCondition", User.class);
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> this.evaluator.condition(failing, context(failing, new User("a"))))
			.withMessageContaining("Condition '#user.fail()'")
			.withMessageContaining("it threw java.lang.IllegalStateException: no such user")
			.withCauseInstanceOf(IllegalStateException.class);
	}

	@Test
	void exceptionThrownByAMethodTheKeyCallsIsWrappedWithTheMethodAndTheExpression() {
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("byFailingCall", new User("a")))
			.withMessageContaining("Lock key ''user:' + #user.fail()' of @RedisLock method '" + Orders.class.getName()
					+ ".byFailingCall(User)' could not be evaluated")
			.withCauseInstanceOf(IllegalStateException.class);
	}

	@Test
	void arraysAndCollectionsAreRenderedElementByElement() {
		assertThat(key("raw", (Object) new long[] { 1, 2 })).isEqualTo("[1, 2]");
		assertThat(key("raw", (Object) new String[][] { { "a" }, { "b", null } })).isEqualTo("[[a], [b, null]]");
		assertThat(key("raw", List.of(1, 2))).isEqualTo("[1, 2]");
		assertThat(key("raw", new TreeMap<>(Map.of("a", 1)))).isEqualTo("{a=1}");
		assertThat(key("byArgs", "u1", 7)).isEqualTo("[u1, 7]");
		assertThat(key("concatenated", (Object) new int[] { 3, 4 })).isEqualTo("ids:[3, 4]");
	}

	@Test
	void sameArgumentsGiveTheSameNameInEveryCall() {
		assertThat(key("byArgs", "u1", 7)).isEqualTo(key("byArgs", "u1", 7));
		assertThat(key("raw", (Object) new long[] { 5 })).isEqualTo(key("raw", (Object) new long[] { 5 }));
	}

	@Test
	void objectWhoseToStringAddsToObjectsIsRefusedNamingTheType() {
		CompletableFuture<String> future = CompletableFuture.completedFuture("done");
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", future))
			.withMessageContaining(CompletableFuture.class.getName() + " whose toString()")
			.withMessageContaining("identity hash");
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("raw", List.of(CompletableFuture.completedFuture("done"))))
			.withMessageContaining(CompletableFuture.class.getName());
	}

	@Test
	void objectWithoutItsOwnToStringIsRefusedNamingTheType() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", new Opaque()))
			.withMessageStartingWith("Lock key '#id' of @RedisLock method '" + Orders.class.getName() + ".raw(Object)'")
			.withMessageContaining(Opaque.class.getName() + ", whose toString() is Object's");
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("concatenated", new Opaque()))
			.withMessageContaining(Opaque.class.getName() + ", whose toString() is Object's");
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", List.of(new Opaque())))
			.withMessageContaining(Opaque.class.getName());
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("byArgs", new Opaque(), 1))
			.withMessageContaining(Opaque.class.getName());
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "false", "off", "0" })
	void conditionThatIsTextIsRefusedEvenWhenSpelWouldReadItAsFalse(String text) {
		RedisLockOperation operation = operation("textCondition", String.class);
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> this.evaluator.condition(operation, context(operation, text)))
			.withMessageContaining("not a boolean");
	}

	@Test
	void equalSetsAndMapsGiveOneNameWhateverTheirIterationOrder() {
		Set<Integer> inserted = new HashSet<>(List.of(17, 1));
		Set<Integer> reinserted = new HashSet<>(64);
		reinserted.addAll(List.of(1, 17));
		assertThat(key("raw", inserted)).isEqualTo(key("raw", reinserted)).isEqualTo("[1, 17]");
		assertThat(key("raw", Set.of("b", "c", "a"))).isEqualTo("[a, b, c]");
		assertThat(key("raw", Map.of("b", 2, "a", 1))).isEqualTo("{a=1, b=2}");
		assertThat(key("raw", new LinkedHashSet<>(List.of("b", "a")))).isEqualTo("[a, b]");
		assertThat(key("raw", List.of("b", "a"))).as("a list keeps its order").isEqualTo("[b, a]");
	}

	@Test
	void recordsAndOptionalsAreRenderedComponentByComponent() {
		assertThat(key("raw", new Command(new User("alice"), 2))).isEqualTo("Command[user=User[name=alice], count=2]");
		assertThat(key("raw", Optional.of(new User("bob")))).isEqualTo("Optional[User[name=bob]]");
		assertThat(key("raw", Optional.empty())).isEqualTo("Optional.empty");
	}

	@Test
	void objectWithoutItsOwnToStringInsideARecordOrAnOptionalIsRefused() {
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("raw", new Wrapper(new Opaque())))
			.withMessageContaining(Opaque.class.getName() + ", whose toString() is Object's");
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("raw", Optional.of(new Opaque())))
			.withMessageContaining(Opaque.class.getName());
	}

	@Test
	void proxyOfAClassWithoutItsOwnToStringIsRefused() {
		ProxyFactory factory = new ProxyFactory(new Opaque());
		factory.setProxyTargetClass(true);
		Object proxy = factory.getProxy();
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", proxy))
			.withMessageContaining(Opaque.class.getName() + ", whose toString() is Object's");
	}

	@Test
	void hibernateProxyOfAnEntityWithoutItsOwnToStringIsRefused() {
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("raw", new Entity.HibernateProxy()))
			.withMessageContaining(Entity.class.getName() + ", whose toString() is Object's");
	}

	@Test
	void recordWithAToStringOfItsOwnIsRenderedByIt() {
		assertThat(key("raw", new Labelled(new Opaque(), 7))).isEqualTo("labelled-7");
	}

	@Test
	void datesAreRenderedAsInstantsWhateverTheTimeZone() {
		Date date = new Date(1_700_000_000_000L);
		assertThat(key("raw", date)).isEqualTo("2023-11-14T22:13:20Z");
		Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone("Asia/Tokyo"));
		calendar.setTime(date);
		assertThat(key("raw", calendar)).isEqualTo("2023-11-14T22:13:20Z");
	}

	@Test
	void eventsAreRefusedBecauseTheirTextNamesTheirSource() {
		assertThatExceptionOfType(LockKeyEvaluationException.class)
			.isThrownBy(() -> key("raw", new EventObject("source")))
			.withMessageContaining("whose text names its source");
	}

	@Test
	void keysContainingTheTextNullAreCheckedOperandByOperandWhateverTheOperands() {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerSingleton("names", new Names());
		this.evaluator.setBeanFactory(beanFactory);
		assertThat(key("byBeanCall", "annulled")).isEqualTo("k:annulled");
		assertThat(key("byStaticCall", "annulled")).isEqualTo("k:annulled");
		assertThat(key("byIndex", List.of("annulled"))).isEqualTo("k:annulled");
		assertThat(key("byTernary", "annulled")).isEqualTo("k:annulled");
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("byIndex", nullFirst()))
			.withMessageContaining("which evaluated to null");
	}

	private static List<String> nullFirst() {
		List<String> list = new ArrayList<>();
		list.add(null);
		return list;
	}

	@Test
	void objectWhoseToStringReturnsNullIsRefusedNamingTheType() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> key("raw", new NullText()))
			.withMessageContaining(NullText.class.getName() + " whose toString() returned null");
	}

	@Test
	void operationWithoutKeyUsesTheMethodName() {
		RedisLockOperation operation = operation("noKey");
		assertThat(this.evaluator.key(operation, null)).isEqualTo(Orders.class.getName() + ".noKey");
	}

	private String key(String methodName, Object... args) {
		Method method = findMethod(methodName);
		RedisLockOperation operation = this.source.getOperation(method, Orders.class);
		assertThat(operation).isNotNull();
		return this.evaluator.key(operation, context(operation, args));
	}

	private EvaluationContext context(RedisLockOperation operation, Object... args) {
		return this.evaluator.createContext(operation, args, this.target);
	}

	private RedisLockOperation operation(String methodName, Class<?>... types) {
		RedisLockOperation operation = this.source
			.getOperation(ReflectionUtils.findMethod(Orders.class, methodName, types), Orders.class);
		assertThat(operation).isNotNull();
		return operation;
	}

	private static Method findMethod(String name) {
		for (Method method : Orders.class.getDeclaredMethods()) {
			if (method.getName().equals(name)) {
				return method;
			}
		}
		throw new IllegalArgumentException(name);
	}

	record User(String name) {

		public boolean fail() {
			throw new IllegalStateException("no such user");
		}

	}

	static class Opaque {

	}

	record Command(User user, int count) {
	}

	record Wrapper(Object value) {
	}

	record Labelled(Object entity, long sku) {

		@Override
		public String toString() {
			return "labelled-" + this.sku;
		}

	}

	static class Entity {

		/**
		 * Named as Hibernate names its proxies of {@code Entity}, and like them
		 * overriding {@code toString()} only to pass the call on.
		 */
		static class HibernateProxy extends Entity {

			@Override
			public String toString() {
				return super.toString();
			}

		}

	}

	static class Names {

		public String of(String name) {
			return name;
		}

	}

	static class NullText {

		@Override
		public String toString() {
			return null;
		}

	}

	record Tenant(String name) {
	}

	static class Orders {

		@RedisLock("'order:' + #userId + ':' + #amount")
		public void byName(String userId, int amount) {
		}

		@RedisLock("#p0 + '/' + #p1 + '/' + #a0 + '/' + #a1")
		public void byPosition(String userId, int amount) {
		}

		@RedisLock("#root.methodName + '/' + #root.method.name + '/' + #root.args.length + '/' "
				+ "+ (#root.target != null) + '/' + #root.targetClass.simpleName")
		public void byRoot(String userId, int amount) {
		}

		@RedisLock("'user:' + #user.name")
		public void byUser(User user) {
		}

		@RedisLock("#user.name + '/' + #item")
		public void byUserAndItem(User user, String item) {
		}

		@RedisLock("'user:' + (#id ?: 'anonymous')")
		public void withDefault(Object id) {
		}

		@RedisLock("#id")
		public void byNumber(Long id) {
		}

		@RedisLock("@tenant.name + ':' + #userId")
		public void byBean(String userId) {
		}

		@RedisLock("#id")
		public void raw(Object id) {
		}

		@RedisLock(key = "'amount'", condition = "#amount > 10")
		public void conditional(int amount) {
		}

		@RedisLock
		public void noKey() {
		}

		@RedisLock(key = "'flag'", condition = "#flag")
		public void nullableCondition(Boolean flag) {
		}

		@RedisLock(key = "'text'", condition = "#text")
		public void textCondition(String text) {
		}

		@RedisLock(key = "'failing'", condition = "#user.fail()")
		public void failingCondition(User user) {
		}

		@RedisLock("'user:' + #user.fail()")
		public void byFailingCall(User user) {
		}

		@RedisLock("#root.args")
		public void byArgs(Object userId, int amount) {
		}

		@RedisLock("'ids:' + #ids")
		public void concatenated(Object ids) {
		}

		@RedisLock("'k:' + @names.of(#s)")
		public void byBeanCall(String s) {
		}

		@RedisLock("'k:' + T(java.lang.String).valueOf(#s)")
		public void byStaticCall(String s) {
		}

		@RedisLock("'k:' + #list[0]")
		public void byIndex(List<String> list) {
		}

		@RedisLock("'k:' + (#s != null ? #s : 'none')")
		public void byTernary(String s) {
		}

	}

}
