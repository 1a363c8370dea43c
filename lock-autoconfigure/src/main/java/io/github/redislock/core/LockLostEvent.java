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
package io.github.redislock.core;

/**
 * Tells that a held lock's lease was found lost: the store no longer records the holder,
 * or could not be reached before the lease ran out.
 *
 * @param lockName the lock name
 * @param fencingToken the fencing token of the lost hold, {@code 0} if none was issued
 * @param reason why the lease is considered lost
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockLostEvent(String lockName, long fencingToken, String reason) {

}
