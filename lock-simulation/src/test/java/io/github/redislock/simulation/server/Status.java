// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

/**
 * A status reply, such as {@code OK}: Lua sees it as a table {@code {ok = text}}, unlike
 * a bulk string.
 *
 * @param text the status
 * @author redis-lock contributors
 */
public record Status(String text) {

	static final Status OK = new Status("OK");

}
