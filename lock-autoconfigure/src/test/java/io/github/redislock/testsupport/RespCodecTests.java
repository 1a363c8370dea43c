/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.redislock.testsupport;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link RespCodec}: the wire format the fixture speaks without a client
 * library.
 *
 * @author redis-lock contributors
 */
class RespCodecTests {

	@Test
	void encodesCommandsAsArraysOfBulkStrings() {
		byte[] encoded = RespCodec.encode("SET", "clé", "");
		assertThat(new String(encoded, StandardCharsets.UTF_8)).isEqualTo("*3\r\n$3\r\nSET\r\n$4\r\nclé\r\n$0\r\n\r\n");
	}

	@Test
	void decodesScalarReplies() throws IOException {
		assertThat(decode("+OK\r\n")).isEqualTo("OK");
		assertThat(decode(":-42\r\n")).isEqualTo(-42L);
		assertThat(decode("$5\r\nhe\r\no\r\n")).isEqualTo("he\r\no");
		assertThat(decode("$-1\r\n")).isNull();
		assertThat(decode("*-1\r\n")).isNull();
		assertThat(decode("_\r\n")).isNull();
	}

	@Test
	void decodesNestedArrays() throws IOException {
		assertThat(decode("*3\r\n:1\r\n*2\r\n+a\r\n$-1\r\n$1\r\nb\r\n"))
			.isEqualTo(List.of(1L, Arrays.asList("a", null), "b"));
	}

	@Test
	void throwsTopLevelErrorsAndReturnsNestedOnes() throws IOException {
		assertThatExceptionOfType(RedisErrorReplyException.class)
			.isThrownBy(() -> decode("-MOVED 3999 127.0.0.1:6381\r\n"))
			.satisfies((ex) -> assertThat(ex.prefix()).isEqualTo("MOVED"))
			.withMessage("MOVED 3999 127.0.0.1:6381");
		List<?> exec = (List<?>) decode("*2\r\n+OK\r\n-WRONGTYPE bad\r\n");
		assertThat(exec.get(0)).isEqualTo("OK");
		assertThat(exec.get(1)).isInstanceOf(RedisErrorReplyException.class);
	}

	@Test
	void failsOnATruncatedReply() {
		assertThatExceptionOfType(EOFException.class).isThrownBy(() -> decode("$10\r\nshort\r\n"));
		assertThatExceptionOfType(EOFException.class).isThrownBy(() -> decode("*2\r\n:1\r\n"));
	}

	private static Object decode(String wire) throws IOException {
		return RespCodec.decode(new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8)));
	}

}
