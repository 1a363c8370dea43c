// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The load demonstration that {@code --demo} runs against the application's own
 * endpoints.
 */
@NullMarked
package io.github.redislock.sample.demo;

import org.jspecify.annotations.NullMarked;
