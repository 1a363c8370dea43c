// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * No monitor ({@code synchronized}) anywhere in the starter: on Java 21 to 23 a virtual
 * thread that blocks inside one, or waits to enter one, pins its carrier thread, and code
 * that is off the lock paths today may be on them tomorrow. Every class of the starter is
 * read for {@code synchronized} methods and blocks.
 *
 * @author redis-lock contributors
 */
class NoMonitorsInTheStarterTests {

	@Test
	void noClassOfTheStarterUsesAMonitor() throws IOException {
		Path classes = Path.of(DefaultLockClient.class.getProtectionDomain().getCodeSource().getLocation().getPath());
		Set<String> withMonitors = new TreeSet<>();
		int read = 0;
		try (Stream<Path> files = Files.walk(classes)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".class")).toList()) {
				try (InputStream in = Files.newInputStream(file)) {
					ClassReader reader = new ClassReader(in);
					MonitorFinder finder = new MonitorFinder();
					reader.accept(finder, ClassReader.SKIP_DEBUG);
					read++;
					if (finder.found) {
						withMonitors.add(reader.getClassName().replace('/', '.'));
					}
				}
			}
		}
		assertThat(read).as("classes read").isGreaterThan(100);
		assertThat(withMonitors).as("classes with synchronized methods or blocks").isEmpty();
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
