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

package io.github.redislock.torture;

/**
 * The timings every worker and the supervisor share. The lease is short so that a run
 * sees many expiries; the command timeout is well under a third of it, so a renewal that
 * times out leaves time for two more.
 *
 * @author redis-lock contributors
 */
public final class TortureTimings {

	/** The lease of every lock, in milliseconds; renewed while held. */
	public static final long LEASE_MS = 3000;

	/** How long an acquisition waits for a busy lock, in milliseconds. */
	public static final long WAIT_MS = 2000;

	/** The Redis command timeout of every client, in milliseconds. */
	public static final long COMMAND_TIMEOUT_MS = 500;

	private TortureTimings() {
	}

}
