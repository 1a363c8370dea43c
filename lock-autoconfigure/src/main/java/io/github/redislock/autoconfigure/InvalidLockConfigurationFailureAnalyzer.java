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
package io.github.redislock.autoconfigure;

import io.github.redislock.core.InvalidLockConfigurationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up stopped by an invalid lock set-up: what is wrong, where, and how to
 * fix it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
class InvalidLockConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLockConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLockConfigurationException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
