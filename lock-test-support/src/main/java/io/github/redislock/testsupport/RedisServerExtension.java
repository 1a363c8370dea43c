// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension owning a {@link RedisFixture}, which it closes after the test class
 * (or after each test), whatever the outcome of the tests.
 * <p>
 * Register it on a static field to share servers across the tests of a class:
 * <pre class="code">
 * &#64;RegisterExtension
 * static final RedisServerExtension redis = new RedisServerExtension();
 *
 * &#64;Test
 * void lockSurvivesFailover() {
 *     RedisSentinelGroup group = redis.sentinel(3, 1);
 *     group.master().kill();
 *     ...
 * }
 * </pre> On an instance field the servers live for one test. Servers are started lazily,
 * on first use, so a class pays only for the topologies it asks for.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisServerExtension implements BeforeAllCallback, AfterAllCallback, AfterEachCallback {

	private final Supplier<RedisBinary> binary;

	private @Nullable RedisFixture fixture;

	private @Nullable String owningClass;

	/**
	 * Create an extension running the binary chosen by
	 * {@link RedisBinaryLocator#locate()}.
	 */
	public RedisServerExtension() {
		this(RedisBinaryLocator::locate);
	}

	/**
	 * Create an extension running a specific binary, for instance
	 * {@code RedisBinaryLocator::embedded}.
	 * @param binary supplies the binary when the fixture is first used
	 */
	public RedisServerExtension(Supplier<RedisBinary> binary) {
		this.binary = binary;
	}

	/**
	 * Return the fixture, creating it on first use.
	 * @return the fixture
	 */
	public synchronized RedisFixture fixture() {
		if (this.fixture == null) {
			this.fixture = new RedisFixture(this.binary.get());
		}
		return this.fixture;
	}

	/**
	 * Start a standalone master, see {@link RedisFixture#standalone()}.
	 * @return the running node
	 */
	public RedisNode standalone() {
		return fixture().standalone();
	}

	/**
	 * Start independent masters, see {@link RedisFixture#masters(int)}.
	 * @param count how many masters
	 * @return the running nodes
	 */
	public List<RedisNode> masters(int count) {
		return fixture().masters(count);
	}

	/**
	 * Start a master with replicas, see {@link RedisFixture#masterWithReplicas(int)}.
	 * @param replicas how many replicas
	 * @return the running group
	 */
	public RedisReplicationGroup masterWithReplicas(int replicas) {
		return fixture().masterWithReplicas(replicas);
	}

	/**
	 * Start a sentinel setup, see {@link RedisFixture#sentinel(int, int)}.
	 * @param sentinels how many sentinels
	 * @param replicas how many replicas
	 * @return the running group
	 */
	public RedisSentinelGroup sentinel(int sentinels, int replicas) {
		return fixture().sentinel(sentinels, replicas);
	}

	/**
	 * Start a cluster, see {@link RedisFixture#cluster(int, int)}.
	 * @param masters how many masters
	 * @param replicasPerMaster how many replicas per master
	 * @return the running cluster
	 */
	public RedisCluster cluster(int masters, int replicasPerMaster) {
		return fixture().cluster(masters, replicasPerMaster);
	}

	@Override
	public synchronized void beforeAll(ExtensionContext context) {
		// Nested classes call this too: the outermost class owns the fixture.
		if (this.owningClass == null) {
			this.owningClass = context.getUniqueId();
		}
	}

	@Override
	public void afterEach(ExtensionContext context) {
		boolean perTest;
		synchronized (this) {
			perTest = this.owningClass == null;
		}
		if (perTest) {
			closeFixture();
		}
	}

	@Override
	public void afterAll(ExtensionContext context) {
		boolean owner;
		synchronized (this) {
			owner = context.getUniqueId().equals(this.owningClass);
			if (owner) {
				this.owningClass = null;
			}
		}
		if (owner) {
			closeFixture();
		}
	}

	private void closeFixture() {
		RedisFixture toClose;
		synchronized (this) {
			toClose = this.fixture;
			this.fixture = null;
		}
		if (toClose != null) {
			toClose.close();
		}
	}

}
