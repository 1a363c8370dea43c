// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.Arrays;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Conditional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Matches when locks know which {@link RedisConnectionFactory} to use: the only or
 * primary one, or the one {@code redis-lock.connection-factory} names.
 *
 * @author redis-lock contributors
 */
class LockConnectionFactoryCondition extends AnyNestedCondition {

	static final String PROPERTY = "redis-lock.connection-factory";

	LockConnectionFactoryCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	/**
	 * The bean {@code redis-lock.connection-factory} names; throws
	 * {@link InvalidConfigurationPropertyValueException} if there is none.
	 */
	static RedisConnectionFactory named(ListableBeanFactory beanFactory, String name) {
		String[] candidates = beanFactory.getBeanNamesForType(RedisConnectionFactory.class);
		if (!Arrays.asList(candidates).contains(name)) {
			throw new InvalidConfigurationPropertyValueException(PROPERTY, name,
					"There is no RedisConnectionFactory bean of that name; the RedisConnectionFactory beans are "
							+ Arrays.toString(candidates) + ".");
		}
		return beanFactory.getBean(name, RedisConnectionFactory.class);
	}

	@ConditionalOnSingleCandidate(RedisConnectionFactory.class)
	static class SingleCandidate {

	}

	@ConditionalOnProperty(PROPERTY)
	static class Named {

	}

	/** A Redlock connects to its own nodes. */
	@Conditional(RedlockCondition.class)
	static class Redlock {

	}

}
