// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

/**
 * The threads of this instance waiting for one lock, as {@link DefaultLockClient#waits()}
 * saw them: a snapshot for operators. Threads queue behind the first in this instance,
 * which alone waits in the store, so that a busy lock costs the store one waiting thread
 * per instance; each asynchronous holder waits in the store itself.
 *
 * @param name the lock name
 * @param waitingThreads how many threads of this instance wait for it, asynchronous
 * holders ({@link io.github.redislock.core.LockLease}) counted as threads
 * @param waitingInStore whether the first of them is taking the lock from the store
 * (asking for it, or waiting while another instance holds it), rather than waiting for a
 * thread of this instance
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record WaiterView(String name, int waitingThreads, boolean waitingInStore) {

}
