// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The torture suite: worker JVMs take locks while a supervisor injects faults, and an
 * oracle Redis that is never faulted records every critical section, so that overlaps,
 * lost updates and stale fenced writes are counted by something the faults cannot touch.
 */
package io.github.redislock.torture;
