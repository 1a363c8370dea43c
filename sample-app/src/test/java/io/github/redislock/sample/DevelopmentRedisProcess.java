// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The development Redis as a {@code redis-server} process of the project's test fixture,
 * which also ends it when the JVM exits without closing the context, even on
 * {@code SIGKILL}.
 *
 * @author redis-lock contributors
 */
final class DevelopmentRedisProcess implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(DevelopmentRedisProcess.class);

	private final RedisFixture fixture;

	private final RedisNode node;

	private DevelopmentRedisProcess(RedisFixture fixture, RedisNode node) {
		this.fixture = fixture;
		this.node = node;
	}

	/**
	 * Start a server and wait until it answers.
	 * @param whyNotDocker why no container runs instead, for the log
	 * @return the running server
	 */
	static DevelopmentRedisProcess start(String whyNotDocker) {
		RedisFixture fixture = new RedisFixture();
		try {
			RedisNode node = fixture.standalone();
			logger.info("""
					Development Redis: {} on {}, pid {}, a process of this application; it stops with the application.
					  No container: {}.""", node.binary(), node.address(), node.pid(), whyNotDocker);
			return new DevelopmentRedisProcess(fixture, node);
		}
		catch (RuntimeException ex) {
			fixture.close();
			throw ex;
		}
	}

	/**
	 * Return where Spring Boot connects to the server.
	 * @return a {@code redis://} URL of the server
	 */
	String url() {
		return "redis://" + this.node.host() + ":" + this.node.port();
	}

	@Override
	public void close() {
		String stopped = this.node.address() + " (pid " + this.node.pid() + ")";
		this.fixture.close();
		logger.info("Stopped the development Redis on {}", stopped);
	}

}
