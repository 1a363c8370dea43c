// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.github.redislock.core.LockClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.Opcodes;
import org.springframework.asm.SpringAsmInfo;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's public types stay where users look for them: application code types the
 * {@code annotation} and {@code core} packages, store authors the {@code store} package,
 * and every other public type is named below with the reason it is public. A nested type
 * is public only as far as the type declaring it is. Read from the compiled classes,
 * without loading them: some extend classes of only one Spring Boot line.
 *
 * @author redis-lock contributors
 */
class PublicApiTests {

	private static final int MAX_PUBLIC_TYPES = 45;

	private static final List<String> USER_PACKAGES = List.of("io.github.redislock.annotation",
			"io.github.redislock.core", "io.github.redislock.store");

	/** Public types outside the users' packages, and why each is public. */
	private static final Map<String, String> PUBLIC_ELSEWHERE = Map.ofEntries(
			Map.entry("io.github.redislock.autoconfigure.RedisLockAutoConfiguration", "auto-configuration"),
			Map.entry("io.github.redislock.autoconfigure.FencingAutoConfiguration", "auto-configuration"),
			Map.entry("io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration", "auto-configuration"),
			Map.entry("io.github.redislock.observation.RedisLockMetricsAutoConfiguration", "auto-configuration"),
			Map.entry("io.github.redislock.actuate.RedisLockActuatorAutoConfiguration", "auto-configuration"),
			Map.entry("io.github.redislock.autoconfigure.RedisLockProperties", "@ConfigurationProperties"),
			Map.entry("io.github.redislock.observation.LockObservationDocumentation", "observation documentation"),
			Map.entry("io.github.redislock.observation.LockObservationContext", "observation context"),
			Map.entry("io.github.redislock.observation.LockAcquireObservationConvention", "observation convention"),
			Map.entry("io.github.redislock.observation.LockHeldObservationConvention", "observation convention"),
			Map.entry("io.github.redislock.observation.DefaultLockObservationConvention", "observation convention"),
			Map.entry("io.github.redislock.fencing.FencedEntityIntegrator", "Hibernate's service loader"),
			Map.entry("io.github.redislock.fencing.FencedJdbcTemplate", "fenced SQL writes"),
			Map.entry("io.github.redislock.fencing.FencedRedisTemplate", "fenced Redis writes"),
			Map.entry("io.github.redislock.fencing.FencingToken", "fenced JPA entities"),
			Map.entry("io.github.redislock.reactive.ReactiveLockTemplate", "locks for Reactor code"),
			Map.entry("io.github.redislock.reactive.LeaseGuard", "shared with the @RedisLock interceptor"),
			Map.entry("io.github.redislock.interceptor.JobRuns", "read by the locks endpoint"),
			Map.entry("io.github.redislock.engine.DefaultLockClient", "a lock client built without Spring Boot"),
			Map.entry("io.github.redislock.redis.RedisLockStore", "a lock client built without Spring Boot"),
			Map.entry("io.github.redislock.redlock.RedlockStore", "a lock client built without Spring Boot"));

	private static Map<String, CompiledType> types;

	@BeforeAll
	static void readCompiledClasses() throws IOException, URISyntaxException {
		Path classes = Path.of(LockClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		types = new TreeMap<>();
		try (Stream<Path> files = Files.walk(classes.resolve("io/github/redislock"))) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".class")).toList()) {
				try (InputStream in = Files.newInputStream(file)) {
					CompiledType type = CompiledType.read(in.readAllBytes());
					if (!type.name().endsWith("package-info")) {
						types.put(type.name(), type);
					}
				}
			}
		}
	}

	@Test
	void everyPublicTypeOutsideTheUsersPackagesIsOneNamedWithItsReason() {
		List<String> unexpected = publicTypes().stream()
			.filter((name) -> !USER_PACKAGES.contains(packageOf(name)) && !PUBLIC_ELSEWHERE.containsKey(name))
			.toList();
		assertThat(unexpected).as("public types outside %s and the named ones", USER_PACKAGES).isEmpty();
	}

	@Test
	void everyNamedTypeIsStillPublic() {
		assertThat(publicTypes()).containsAll(PUBLIC_ELSEWHERE.keySet());
	}

	@Test
	void thereAreAtMost45PublicTypes() {
		assertThat(publicTypes()).as("public top-level types").hasSizeLessThanOrEqualTo(MAX_PUBLIC_TYPES);
	}

	private static List<String> publicTypes() {
		List<String> names = types.values()
			.stream()
			.filter((type) -> type.outer() == null && type.isPublic())
			.map(CompiledType::name)
			.toList();
		assertThat(names).as("the compiled classes were found").contains(LockClient.class.getName());
		return names;
	}

	private static String packageOf(String name) {
		return name.substring(0, name.lastIndexOf('.'));
	}

	/**
	 * A class as compiled: its own access flags, which for a nested type only its
	 * {@code InnerClasses} entry records, and the type declaring it. Local and anonymous
	 * classes have no declaring type and are never public.
	 */
	private record CompiledType(String name, int access, String outer) {

		boolean isPublic() {
			return (this.access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0 && !this.name.contains("$$")
					&& !isLocalOrAnonymous();
		}

		private boolean isLocalOrAnonymous() {
			return this.outer == null && this.name.contains("$");
		}

		static CompiledType read(byte[] bytes) {
			ClassReader reader = new ClassReader(bytes);
			String internalName = reader.getClassName();
			int[] access = { reader.getAccess() };
			String[] outer = { null };
			reader.accept(new ClassVisitor(SpringAsmInfo.ASM_VERSION) {

				@Override
				public void visitInnerClass(String name, String outerName, String innerName, int innerAccess) {
					if (name.equals(internalName)) {
						access[0] = innerAccess;
						outer[0] = (outerName != null) ? outerName.replace('/', '.') : null;
					}
				}

			}, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
			return new CompiledType(internalName.replace('/', '.'), access[0], outer[0]);
		}

	}

}
