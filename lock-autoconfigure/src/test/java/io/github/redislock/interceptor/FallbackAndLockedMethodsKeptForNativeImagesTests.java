// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.function.Predicate;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockAcquisitionException;
import org.junit.jupiter.api.Test;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.javapoet.ClassName;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ahead-of-time processing of a context whose beans have {@code @RedisLock} methods
 * registers, through {@code META-INF/spring/aot.factories}, what the interceptor reaches
 * by reflection at run time: the {@code fallback} methods to invoke, the locked methods
 * and the annotated interface methods they implement, and the types whose getters key
 * expressions read. Beans without locks get nothing.
 *
 * @author redis-lock contributors
 */
class FallbackAndLockedMethodsKeptForNativeImagesTests {

	@Test
	void fallbackMethodsCanBeInvoked() {
		RuntimeHints hints = processAheadOfTime();
		assertThat(invocable("busy", Order.class, LockAcquisitionException.class)).accepts(hints);
		assertThat(invocable("sold", String.class)).accepts(hints);
	}

	@Test
	void lockedMethodsAndTheAnnotatedMethodsTheyImplementAreKept() {
		RuntimeHints hints = processAheadOfTime();
		assertThat(invocable("place", Order.class)).accepts(hints);
		assertThat(invocable("sell", String.class)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethod(ReflectionUtils.findMethod(Desk.class, "sell", String.class))
			.introspect()).accepts(hints);
	}

	@Test
	void typesReadByKeyExpressionsCanBeRead() {
		RuntimeHints hints = processAheadOfTime();
		assertThat(RuntimeHintsPredicates.reflection().onMethod(Order.class, "id").invoke()).accepts(hints);
	}

	@Test
	void beansWithoutLocksGetNothing() {
		RuntimeHints hints = processAheadOfTime();
		Method unlocked = ReflectionUtils.findMethod(Plain.class, "work", Order.class);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(unlocked).invoke()).rejects(hints);
	}

	private static RuntimeHints processAheadOfTime() {
		GenericApplicationContext context = new GenericApplicationContext();
		context.registerBean("shop", Shop.class);
		context.registerBean("plain", Plain.class);
		DefaultGenerationContext generationContext = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(FallbackAndLockedMethodsKeptForNativeImagesTests.class)),
				new InMemoryGeneratedFiles());
		new ApplicationContextAotGenerator().processAheadOfTime(context, generationContext);
		return generationContext.getRuntimeHints();
	}

	private static Predicate<RuntimeHints> invocable(String name, Class<?>... parameterTypes) {
		Method method = ReflectionUtils.findMethod(Shop.class, name, parameterTypes);
		assertThat(method).as(name).isNotNull();
		return RuntimeHintsPredicates.reflection().onMethod(method).invoke();
	}

	record Order(String id) {

	}

	interface Desk {

		@RedisLock(key = "'stock:' + #product")
		String sell(String product);

	}

	static class Shop implements Desk {

		@RedisLock(key = "'order:' + #order.id()", waitTime = 0, fallback = "busy")
		public String place(Order order) {
			return "placed " + order.id();
		}

		private String busy(Order order, LockAcquisitionException ex) {
			return "busy " + order.id();
		}

		@Override
		public String sell(String product) {
			return "sold " + product;
		}

		@RedisLock(key = "'item:' + #item", fallback = "sold")
		public String reserve(String item) {
			return item;
		}

		String sold(String item) {
			return "sold out";
		}

	}

	static class Plain {

		public String work(Order order) {
			return order.id();
		}

	}

}
