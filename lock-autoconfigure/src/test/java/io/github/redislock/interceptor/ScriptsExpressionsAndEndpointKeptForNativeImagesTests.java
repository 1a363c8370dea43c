// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import io.github.redislock.engine.DefaultLockClient.WaiterView;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the registrars named in {@code META-INF/spring/aot.factories} give a native image:
 * every lock script, the getters of the expressions' {@code #root} object, and the
 * accessors of the {@code locks} endpoint's answers that Jackson writes.
 *
 * @author redis-lock contributors
 */
class ScriptsExpressionsAndEndpointKeptForNativeImagesTests {

	private final RuntimeHints hints = hintsFromAotFactories();

	@Test
	void everyLockScriptIsIncluded() throws IOException {
		Resource[] scripts = new PathMatchingResourcePatternResolver()
			.getResources("classpath*:META-INF/redis-lock/scripts/*.lua");
		List<String> names = Arrays.stream(scripts).map(Resource::getFilename).sorted().toList();
		assertThat(names).contains("prelude.lua", "acquire.lua", "release.lua", "renew.lua", "renew-all.lua");
		for (String name : names) {
			assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/redis-lock/scripts/" + name)).as(name)
				.accepts(this.hints);
		}
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/redis-lock/other.txt")).rejects(this.hints);
	}

	@Test
	void theRootObjectsGettersCanBeInvoked() {
		for (String getter : List.of("getMethod", "getMethodName", "getArgs", "getTarget", "getTargetClass")) {
			assertThat(RuntimeHintsPredicates.reflection().onMethod(LockExpressionRootObject.class, getter).invoke())
				.as(getter)
				.accepts(this.hints);
		}
	}

	@Test
	void theLocksEndpointsAnswersCanBeWrittenAsJson() {
		assertThat(RuntimeHintsPredicates.reflection().onMethod(endpointAnswer("LocksReport"), "held").invoke())
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethod(endpointAnswer("HeldLockReport"), "remainingLeaseMillis")
			.invoke()).accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(WaiterView.class, "waitingThreads").invoke())
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(endpointAnswer("LockRelease"), "released").invoke())
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(endpointAnswer("JobReport"), "skips").invoke())
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(endpointAnswer("JobRunReport"), "pid").invoke())
			.accepts(this.hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(endpointAnswer("JobSkipReport"), "reason").invoke())
			.accepts(this.hints);
	}

	/** The endpoint is internal to its package, so its answers are named here. */
	private static Class<?> endpointAnswer(String name) {
		return ClassUtils.resolveClassName("io.github.redislock.actuate.LocksEndpoint$" + name, null);
	}

	@Test
	void theLettuceCustomizersThatRedlockNodesCallCanBeInvokedOnEitherSpringBootLine() {
		for (String line : List.of("org.springframework.boot.autoconfigure.data.redis.",
				"org.springframework.boot.data.redis.autoconfigure.")) {
			for (String customizer : List.of("LettuceClientConfigurationBuilderCustomizer",
					"LettuceClientOptionsBuilderCustomizer")) {
				assertThat(RuntimeHintsPredicates.reflection()
					.onType(TypeReference.of(line + customizer))
					.withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS)).as(line + customizer)
					.accepts(this.hints);
			}
		}
	}

	private static RuntimeHints hintsFromAotFactories() {
		RuntimeHints hints = new RuntimeHints();
		ClassLoader classLoader = ScriptsExpressionsAndEndpointKeptForNativeImagesTests.class.getClassLoader();
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories", classLoader)
			.load(RuntimeHintsRegistrar.class);
		registrars.forEach((registrar) -> registrar.registerHints(hints, classLoader));
		return hints;
	}

}
