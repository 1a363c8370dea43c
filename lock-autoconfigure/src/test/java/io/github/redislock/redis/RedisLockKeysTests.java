// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisLockKeys}: distinct lock names never share a key or a channel, as
 * Redis sees them (UTF-8 bytes), whatever characters the names hold.
 *
 * @author redis-lock contributors
 */
class RedisLockKeysTests {

	private final RedisLockKeys keys = new RedisLockKeys("lock:");

	@Test
	void namesWithoutSpecialCharactersAreUsedAsTheyAre() {
		assertThat(this.keys.lockKey("order:42")).isEqualTo("lock:{order:42}");
		assertThat(this.keys.lockKey("order:\u00E9:\uD83D\uDE00")).isEqualTo("lock:{order:\u00E9:\uD83D\uDE00}");
		assertThat(this.keys.waitersKey("order:42")).isEqualTo("lock:{order:42}:waiters");
		assertThat(this.keys.channel("order:42")).isEqualTo("lock:{order:42}:released");
	}

	@Test
	void everyLockNameOfAHashSlotSharesOneTokenCounterInThatSlot() {
		Set<String> counters = new HashSet<>();
		for (int i = 0; i < 300_000; i++) {
			String name = "order:" + i;
			String counter = this.keys.fenceCounterKey(name);
			assertThat(ClusterSlotHashUtil.calculateSlot(counter)).as(counter)
				.isEqualTo(ClusterSlotHashUtil.calculateSlot(this.keys.lockKey(name)));
			assertThat(counter).startsWith("lock:{").endsWith("}:fence-counter");
			counters.add(counter);
		}
		assertThat(counters).hasSize(ClusterSlotHashUtil.SLOT_COUNT);
	}

	@Test
	void bracesAndPercentSignsArePercentEncoded() {
		assertThat(this.keys.lockKey("a{b}%c")).isEqualTo("lock:{a%7Bb%7D%25c}");
	}

	@Test
	void unpairedSurrogatesAreEscapedSoThatTheyStayDistinctInUtf8() {
		assertThat(utf8(this.keys.lockKey("user:\uD800"))).isNotEqualTo(utf8(this.keys.lockKey("user:\uD801")))
			.isNotEqualTo(utf8(this.keys.lockKey("user:?")));
		assertThat(this.keys.lockKey("user:\uD800")).isEqualTo("lock:{user:%uD800}");
		assertThat(this.keys.lockKey("\uDC00x\uD83D")).isEqualTo("lock:{%uDC00x%uD83D}");
		assertThat(this.keys.lockKey("\uDE00\uD83D")).as("a pair in the wrong order is two unpaired surrogates")
			.isEqualTo("lock:{%uDE00%uD83D}");
	}

	@Test
	void theEscapeTextItselfInANameIsEscaped() {
		assertThat(this.keys.lockKey("user:%uD800")).isEqualTo("lock:{user:%25uD800}")
			.isNotEqualTo(this.keys.lockKey("user:\uD800"));
	}

	@Test
	void everyKeyAndChannelSurvivesTheTripThroughUtf8() {
		for (String name : new String[] { "user:\uD800", "\uDFFF", "a\uD83D\uDE00\uD83Db", "{%}" }) {
			for (String key : new String[] { this.keys.lockKey(name), this.keys.fenceCounterKey(name),
					this.keys.waitersKey(name), this.keys.channel(name) }) {
				assertThat(new String(utf8(key), StandardCharsets.UTF_8)).isEqualTo(key);
			}
		}
	}

	@Test
	void distinctNamesHaveDistinctKeysAndChannels() {
		assertInjective(this.keys::lockKey);
		assertInjective(this.keys::channel);
	}

	@Test
	void blankNamesAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.lockKey(" "))
			.withMessageContaining("Lock name");
	}

	@Test
	void prefixesThatUtf8CannotRepresentAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisLockKeys("app\uD800:"))
			.withMessageContaining("surrogate");
	}

	/**
	 * Every name of up to five characters drawn from those the encoding treats specially,
	 * those its escapes are written with, and what an unpaired surrogate used to turn
	 * into, checked against each other as Redis sees them.
	 */
	private static void assertInjective(Function<String, String> mapping) {
		char[] alphabet = { 'a', '?', '%', 'u', 'D', '8', '0', '2', '5', '7', 'B', '{', '}', '\uD800', '\uDC00' };
		Random random = new Random(42);
		Map<String, String> namesByBytes = new HashMap<>();
		for (int i = 0; i < 50_000; i++) {
			StringBuilder name = new StringBuilder();
			int length = 1 + random.nextInt(5);
			for (int j = 0; j < length; j++) {
				name.append(alphabet[random.nextInt(alphabet.length)]);
			}
			String bytes = new String(utf8(mapping.apply(name.toString())), StandardCharsets.ISO_8859_1);
			String earlier = namesByBytes.putIfAbsent(bytes, name.toString());
			if (earlier != null) {
				assertThat(escaped(name.toString())).as("a name that maps to the bytes of '%s'", escaped(earlier))
					.isEqualTo(escaped(earlier));
			}
		}
	}

	private static byte[] utf8(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	private static String escaped(String value) {
		StringBuilder escaped = new StringBuilder();
		value.chars().forEach((c) -> escaped.append((c < 128) ? Character.toString(c) : String.format("\\u%04X", c)));
		return escaped.toString();
	}

}
