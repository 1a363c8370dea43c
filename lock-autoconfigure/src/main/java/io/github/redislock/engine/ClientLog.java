// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of the lock client, in the category named after {@code DefaultLockClient}. The
 * parts of the engine report there what users of the client look for (lost leases,
 * threads that ended holding a lock, shutdown waits, store failures nobody else is told
 * of), so that the level an application sets for the client covers all of it, as it did
 * when the client did this work itself.
 * <p>
 * The category is named by its string, so that the parts depend on the category and not
 * on the class that puts them together.
 * <p>
 * Events about one lock carry the lock's name, its fencing token when one was issued, and
 * the outcome as SLF4J key-value pairs, which structured logging (such as Spring Boot's
 * {@code logging.structured.format.console=ecs}) writes as fields of their own.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ClientLog {

	/**
	 * The logger of the category {@code io.github.redislock.engine.DefaultLockClient}.
	 */
	static final Logger logger = LoggerFactory.getLogger("io.github.redislock.engine.DefaultLockClient");

	/** Key of the lock name in the key-value pairs of a log event. */
	static final String NAME = "lock.name";

	/** Key of the fencing token, added only when one was issued. */
	static final String FENCING_TOKEN = "lock.fencing_token";

	/** Key of what happened to the lock. */
	static final String OUTCOME = "lock.outcome";

	private ClientLog() {
	}

}
