// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

/**
 * Main class of a throw-away JVM for {@link KilledJvmCleanupTests}: starts a running and
 * a paused server, reports them on stdout, then waits to be killed. It never closes its
 * fixture, on purpose; if nobody kills it, it exits after a minute and its shutdown hook
 * cleans up.
 *
 * @author redis-lock contributors
 */
final class KilledJvmProbe {

	private KilledJvmProbe() {
	}

	public static void main(String[] args) throws InterruptedException {
		RedisFixture fixture = new RedisFixture();
		for (RedisNode node : fixture.masters(2)) {
			System.out.println("NODE " + node.pid() + " " + node.port() + " " + node.directory());
		}
		fixture.nodes().get(1).pause();
		System.out.println("READY");
		System.out.flush();
		Thread.sleep(60_000);
		System.exit(1);
	}

}
