// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code redis-lock.redlock.nodes} lists nodes, whether as one
 * comma-separated value or as a YAML list, which {@code @ConditionalOnProperty} would not
 * see.
 *
 * @author redis-lock contributors
 */
class RedlockCondition extends SpringBootCondition {

	static final String PROPERTY = "redis-lock.redlock.nodes";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		List<String> nodes = Binder.get(context.getEnvironment())
			.bind(PROPERTY, Bindable.listOf(String.class))
			.orElse(List.of());
		return nodes.isEmpty() ? ConditionOutcome.noMatch(PROPERTY + " is not set")
				: ConditionOutcome.match(PROPERTY + " lists " + nodes.size() + " nodes");
	}

}
