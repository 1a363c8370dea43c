// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The token key of a value hashes to the value's Cluster slot: Redis hashes only the
 * first non-empty {@code {...}} of a key when it has one.
 *
 * @author redis-lock contributors
 */
class TokenKeyTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			stock:42      | fencing-token:{stock:42}
			stock:{42}    | stock:{42}:fencing-token
			}{42}         | }{42}:fencing-token
			a{b           | fencing-token:{a{b}
			""")
	void tokenKeySharesTheValuesHashTag(String key, String tokenKey) {
		assertThat(FencedRedisTemplate.tokenKey(key)).isEqualTo(tokenKey);
	}

	@Test
	void aKeyWithAClosingBraceButNoHashTagIsRefusedWithTheFix() {
		assertThatIllegalArgumentException().isThrownBy(() -> FencedRedisTemplate.tokenKey("a{}b"))
			.withMessageContaining("'a{}b'")
			.withMessageContaining("hash tag");
	}

}
