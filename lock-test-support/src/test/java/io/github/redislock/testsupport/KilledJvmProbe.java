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
