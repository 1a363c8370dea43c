// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.fencing.FencedRedisTemplate;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A {@link FencedRedisTemplate} over the application's {@link StringRedisTemplate}: the
 * data it fences is the application's, where the template writes it, not the locks'.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration",
				"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration" })
@ConditionalOnClass(StringRedisTemplate.class)
@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
public final class FencedRedisAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnSingleCandidate(StringRedisTemplate.class)
	FencedRedisTemplate fencedRedisTemplate(StringRedisTemplate redis) {
		return new FencedRedisTemplate(redis);
	}

}
