// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.InvalidLockConfigurationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up stopped by an invalid lock set-up: what is wrong, where, and how to
 * fix it.
 *
 * @author redis-lock contributors
 */
class InvalidLockConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLockConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLockConfigurationException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
