// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No monitor ({@code synchronized}) on the paths that take, wait for, renew or release a
 * lock: on Java 21 to 23 a virtual thread that blocks inside one, or waits to enter one,
 * pins its carrier thread. Every class of the starter is read for {@code synchronized}
 * methods and blocks, and only those known to be off those paths may have one.
 *
 * @author redis-lock contributors
 */
class NoMonitorsOnTheLockPathsTests {

	/** The classes allowed a monitor, and why it never pins a thread taking a lock. */
	private static final Map<String, String> ALLOWED = Map.of("io.github.redislock.engine.LocalLock",
			"releaseEndedOwner runs on the ended-owner watch thread, a platform thread",
			"io.github.redislock.engine.LockClientShutdown", "start, stop and close of the client, at shutdown",
			"io.github.redislock.interceptor.RedisLockProxyChecker", "start-up checks of the beans");

	@Test
	void onlyClassesOffTheLockPathsUseMonitors() throws IOException {
		Path classes = Path.of(DefaultLockClient.class.getProtectionDomain().getCodeSource().getLocation().getPath());
		Set<String> withMonitors = new TreeSet<>();
		try (Stream<Path> files = Files.walk(classes)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".class")).toList()) {
				try (InputStream in = Files.newInputStream(file)) {
					ClassReader reader = new ClassReader(in);
					MonitorFinder finder = new MonitorFinder();
					reader.accept(finder, ClassReader.SKIP_DEBUG);
					if (finder.found) {
						String name = reader.getClassName().replace('/', '.');
						int nested = name.indexOf('$');
						withMonitors.add((nested > 0) ? name.substring(0, nested) : name);
					}
				}
			}
		}
		assertThat(withMonitors).as("classes with synchronized methods or blocks").isNotEmpty();
		assertThat(ALLOWED.keySet()).containsAll(withMonitors);
	}

	private static final class MonitorFinder extends ClassVisitor {

		boolean found;

		MonitorFinder() {
			super(Opcodes.ASM9);
		}

		@Override
		public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
				String[] exceptions) {
			if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
				this.found = true;
			}
			return new MethodVisitor(Opcodes.ASM9) {

				@Override
				public void visitInsn(int opcode) {
					if (opcode == Opcodes.MONITORENTER) {
						MonitorFinder.this.found = true;
					}
				}

			};
		}

	}

}
