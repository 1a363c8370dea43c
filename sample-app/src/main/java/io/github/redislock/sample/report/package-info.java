// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The sales report: a scheduled job that runs once per tick however many instances of the
 * sample run.
 */
@NullMarked
package io.github.redislock.sample.report;

import org.jspecify.annotations.NullMarked;
