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

/**
 * A loopback TCP proxy in front of one {@code redis-server} that can lose or delay the
 * reply to a chosen command, so that the torture suite can break a connection after Redis
 * ran an acquire, a release or a renewal, or hold such a reply back past the client's
 * command timeout. These are the faults a lock meets on a real network that neither
 * killing nor pausing Redis can produce: Redis did the work, the client never heard of
 * it.
 */
@NullMarked
package io.github.redislock.torture.proxy;

import org.jspecify.annotations.NullMarked;
