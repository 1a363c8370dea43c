// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.autoconfigure;

import io.github.redislock.core.LockClient;
import io.github.redislock.reactive.ReactiveLockTemplate;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * A {@link ReactiveLockTemplate} over the lock client, when the application has Reactor;
 * apart from the main auto-configuration so that nothing there names a Reactor type.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class)
@ConditionalOnClass(name = "reactor.core.publisher.Mono")
public class RedisLockReactiveAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(LockClient.class)
	ReactiveLockTemplate redisLockReactiveTemplate(LockClient lockClient) {
		return new ReactiveLockTemplate(lockClient);
	}

}
