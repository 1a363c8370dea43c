// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's one log category, so one level covers it all; lock events carry name,
 * fencing token and outcome as SLF4J key-value pairs.
 *
 * @author redis-lock contributors
 */
final class ClientLog {

	static final Logger logger = LoggerFactory.getLogger("io.github.redislock.engine.DefaultLockClient");

	static final String NAME = "lock.name";

	/** Added only when a token was issued. */
	static final String FENCING_TOKEN = "lock.fencing_token";

	static final String OUTCOME = "lock.outcome";

	private ClientLog() {
	}

}
