// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.StaleFencingTokenException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * What {@link FencedRedisTemplate} guarantees, against real {@code redis-server}
 * processes of one topology per subclass: a newer token writes, an equal or older one is
 * refused and changes nothing, and the expiry a caller gives is kept.
 *
 * @author redis-lock contributors
 */
abstract class AbstractFencedRedisTemplateTests {

	private LettuceConnectionFactory connectionFactory;

	private StringRedisTemplate redis;

	private FencedRedisTemplate fenced;

	protected abstract RedisConfiguration redisConfiguration();

	protected StringRedisTemplate redis() {
		return this.redis;
	}

	protected FencedRedisTemplate fenced() {
		return this.fenced;
	}

	@BeforeEach
	void connect() {
		this.connectionFactory = new LettuceConnectionFactory(redisConfiguration());
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		this.redis = new StringRedisTemplate(this.connectionFactory);
		this.fenced = new FencedRedisTemplate(this.redis);
	}

	@AfterEach
	void disconnect() {
		this.connectionFactory.destroy();
	}

	@Test
	void aNewerOrEqualTokenWritesAndAnOlderOneIsRefused() {
		for (int i = 0; i < 20; i++) {
			String key = "stock:" + i;
			this.fenced.forToken("stock", 100).set(key, "first");
			this.fenced.forToken("stock", 101).set(key, "second");
			assertThatExceptionOfType(StaleFencingTokenException.class)
				.isThrownBy(() -> this.fenced.forToken("stock", 100).set(key, "stale"))
				.withMessageContaining("Redis key '" + key + "'")
				.withMessageContaining("fencing token 100")
				.satisfies((ex) -> assertThat(ex.getFencingToken()).isEqualTo(100));
			this.fenced.forToken("stock", 101).set(key, "again");
			assertThat(this.redis.opsForValue().get(key)).isEqualTo("again");
			assertThat(this.redis.opsForValue().get(FencedRedisTemplate.tokenKey(key))).isEqualTo("101");
		}
	}

	@Test
	void keysWithAHashTagKeepTheirTokenInTheirSlot() {
		this.fenced.forToken("order", 7).set("order:{42}:status", "paid");
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> this.fenced.forToken("order", 6).set("order:{42}:status", "new"));
		assertThat(this.redis.opsForValue().get("order:{42}:status")).isEqualTo("paid");
		assertThat(this.redis.opsForValue().get("order:{42}:status:fencing-token")).isEqualTo("7");
	}

	@Test
	void aValueKeepsTheTimeToLiveGivenAndItsTokenOutlivesIt() {
		this.fenced.forToken("session", 1).set("session:1", "a", Duration.ofSeconds(30));
		long ttl = this.redis.getExpire("session:1", TimeUnit.MILLISECONDS);
		assertThat(ttl).isBetween(1L, 30_000L);
		assertThat(this.redis.getExpire(FencedRedisTemplate.tokenKey("session:1"), TimeUnit.MILLISECONDS))
			.isGreaterThan(30_000L)
			.isLessThanOrEqualTo(FencedRedisTemplate.DEFAULT_TOKEN_RETENTION.toMillis());
		this.fenced.forToken("session", 2).set("session:1", "b");
		assertThat(this.redis.getExpire("session:1")).as("a set without a time to live, as SET").isEqualTo(-1);
	}

	@Test
	void theTokenOfAValueWithoutExpiryIsKeptForTheRetentionThenAnyTokenWrites() {
		FencedRedisTemplate briefly = new FencedRedisTemplate(this.redis, Duration.ofMillis(300));
		briefly.forToken("config", 50).set("config:mode", "new");
		assertThat(this.redis.getExpire("config:mode")).isEqualTo(-1);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> briefly.forToken("config", 49).set("config:mode", "old"));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> !this.redis.hasKey(FencedRedisTemplate.tokenKey("config:mode")));
		briefly.forToken("config", 49).set("config:mode", "old");
		assertThat(this.redis.opsForValue().get("config:mode")).isEqualTo("old");
	}

	@Test
	void hashFieldsAreFencedPerHashAndKeepTheHashsExpiry() {
		this.fenced.forToken("cart", 10).hset("cart:{9}", Map.of("apples", "3", "pears", "1"), Duration.ofMinutes(1));
		this.fenced.forToken("cart", 11).hset("cart:{9}", "apples", "4");
		assertThat(this.redis.getExpire("cart:{9}", TimeUnit.MILLISECONDS)).as("expiry kept by a plain hset")
			.isBetween(1L, 60_000L);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> this.fenced.forToken("cart", 10).hset("cart:{9}", "pears", "0"))
			.withMessageContaining("Redis hash 'cart:{9}'")
			.withMessageContaining("fencing token 10");
		assertThat(this.redis.<String, String>opsForHash().entries("cart:{9}"))
			.isEqualTo(Map.of("apples", "4", "pears", "1"));
	}

	@Test
	void aHashWrittenWithManyFieldsAtOnceGetsThemAll() {
		Map<String, String> fields = new LinkedHashMap<>();
		for (int i = 0; i < 5_000; i++) {
			fields.put("f" + i, Integer.toString(i));
		}
		this.fenced.forToken("big", 1).hset("big", fields);
		assertThat(this.redis.opsForHash().size("big")).isEqualTo(5_000);
		assertThat(this.redis.opsForHash().get("big", "f4999")).isEqualTo("4999");
	}

	@Test
	void aWriteOutsideALockedMethodIsRefusedBeforeReachingRedis() {
		assertThatIllegalStateException().isThrownBy(() -> this.fenced.set("stock:none", "1"))
			.withMessageContaining("FencedRedisTemplate.set(\"stock:none\")")
			.withMessageContaining("@RedisLock");
		assertThat(this.redis.hasKey("stock:none")).isFalse();
	}

	@Test
	void aKeyAndTheSameKeyAsAHashTagKeepTokensOfTheirOwn() {
		this.fenced.forToken("plain", 500).set("item", "plain");
		this.fenced.forToken("tagged", 3).set("{item}", "tagged");
		assertThat(FencedRedisTemplate.tokenKey("item")).isNotEqualTo(FencedRedisTemplate.tokenKey("{item}"));
		assertThat(this.redis.opsForValue().get("{item}")).isEqualTo("tagged");
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> this.fenced.forToken("plain", 499).set("item", "stale"));
	}

	@Test
	void aTimeToLiveOrRetentionTooLongForTheScriptsIsRefusedBeforeAnythingIsWritten() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fenced.forToken("long", 1).set("long:1", "v", Duration.ofMillis(Long.MAX_VALUE)))
			.withMessageContaining("FencedRedisTemplate.set");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fenced.forToken("long", 1)
				.hset("long:2", Map.of("f", "v"), Duration.ofMillis(100_000_000_000_000_000L)))
			.withMessageContaining("FencedRedisTemplate.hset");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new FencedRedisTemplate(this.redis, Duration.ofMillis(Long.MAX_VALUE)))
			.withMessageContaining("tokenRetention");
		assertThat(this.redis.hasKey("long:1")).isFalse();
		assertThat(this.redis.hasKey("long:2")).isFalse();
	}

	@Test
	void aHashWriteToAKeyHoldingAnotherTypeIsRefusedAsAFencedWriteNamingTheKey() {
		this.redis.opsForValue().set("cart:{3}", "not a hash");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.fenced.forToken("cart", 5).hset("cart:{3}", "apples", "2"))
			.withMessageContaining("Redis hash 'cart:{3}'")
			.withMessageContaining("it holds a string, not a hash")
			.withMessageContaining("lock 'cart'")
			.withMessageContaining("fencing token 5")
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("cart"));
		assertThat(this.redis.opsForValue().get("cart:{3}")).isEqualTo("not a hash");
		assertThat(this.redis.hasKey(FencedRedisTemplate.tokenKey("cart:{3}"))).as("token recorded").isFalse();
	}

	@Test
	void aWriteWhoseTokenKeyHoldsNoFencingTokenIsRefusedInsteadOfLetThrough() {
		this.redis.opsForValue().set(FencedRedisTemplate.tokenKey("price:1"), "garbled");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.fenced.forToken("price", 1).set("price:1", "10"))
			.withMessageContaining("Redis key 'price:1'")
			.withMessageContaining("its token key holds a string that is not a fencing token")
			.withMessageContaining(FencedRedisTemplate.tokenKey("price:1"));
		this.redis.opsForHash().put(FencedRedisTemplate.tokenKey("price:2"), "token", "7");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.fenced.forToken("price", 1).hset("price:2", "eur", "10"))
			.withMessageContaining("Redis hash 'price:2'")
			.withMessageContaining("its token key holds a hash, not a fencing token");
		assertThat(this.redis.hasKey("price:1")).isFalse();
		assertThat(this.redis.hasKey("price:2")).isFalse();
		assertThat(this.redis.opsForValue().get(FencedRedisTemplate.tokenKey("price:1"))).isEqualTo("garbled");
	}

	@Test
	void aKeyTheSerializerWritesAsBinaryIsNamedReadablyWhenItCanHaveNoTokenKey() {
		StringRedisTemplate jdkKeys = new StringRedisTemplate(this.connectionFactory);
		jdkKeys.setKeySerializer(RedisSerializer.java());
		jdkKeys.afterPropertiesSet();
		FencedRedisTemplate fenced = new FencedRedisTemplate(jdkKeys);
		assertThatIllegalArgumentException().isThrownBy(() -> fenced.forToken("odd", 1).set("a{}b", "v"))
			.withMessageStartingWith("Redis key 'a{}b' (written as \"\\xac\\xed\\x00\\x05t\\x00\\x04a{}b\") has a '}'")
			.withMessageNotContaining("\uFFFD");
	}

	@Test
	void aFencedWriteInAPipelineIsRefusedAndNotWritten() {
		this.fenced.forToken("piped", 1).set("piped:warm", "loads the script");
		assertThatIllegalStateException().isThrownBy(() -> this.redis.executePipelined(new SessionCallback<Object>() {

			@Override
			public <K, V> Object execute(RedisOperations<K, V> operations) {
				AbstractFencedRedisTemplateTests.this.fenced.forToken("piped", 2).set("piped:1", "v");
				return null;
			}

		})).withMessageContaining("pipeline");
		assertThat(this.redis.hasKey("piped:1")).isFalse();
	}

}
