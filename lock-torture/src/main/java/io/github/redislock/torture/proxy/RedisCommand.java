// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * One command a client sent through the {@link FaultProxy}, as a fault's predicate sees
 * it. The proxy forwards the bytes it received, never this decoded form, so decoding
 * (arguments as UTF-8) only has to be good enough to choose a command.
 *
 * @param name the command name in upper case, for example {@code EVALSHA} or {@code SET}
 * @param arguments the arguments after the name, decoded as UTF-8
 * @param script the name of the lock script ({@code acquire}, {@code release},
 * {@code renew}, {@code renew-all}, {@code fence}, {@code reacquire},
 * {@code force-release}) when the command runs one of the starter's Lua scripts by SHA or
 * by source, else {@code null}
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record RedisCommand(String name, List<String> arguments, @Nullable String script) {

	private static final int DESCRIBED_KEY_LENGTH = 120;

	/**
	 * Create a command.
	 * @param name the command name, stored in upper case
	 * @param arguments the arguments after the name
	 * @param script the lock script the command runs, if any
	 */
	public RedisCommand {
		name = name.toUpperCase(Locale.ROOT);
		arguments = List.copyOf(arguments);
	}

	/**
	 * Whether this command runs the named lock script.
	 * @param name a script name such as {@code release}
	 * @return whether {@link #script()} is that name
	 */
	public boolean isScript(String name) {
		return name.equals(this.script);
	}

	/**
	 * Whether this is a {@code SET key value ... NX ...}: the engine's first acquisition
	 * attempt is a bare {@code SET key value NX PX ms}, no script.
	 * @return whether the command sets a key only if it is absent
	 */
	public boolean isSetIfAbsent() {
		if (!"SET".equals(this.name)) {
			return false;
		}
		for (int i = 2; i < this.arguments.size(); i++) {
			if ("NX".equalsIgnoreCase(this.arguments.get(i))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Return the first key: for {@code EVAL} and {@code EVALSHA} the first key after
	 * {@code numkeys}, otherwise the first argument.
	 * @return the first key, or {@code null} if the command has none
	 */
	public @Nullable String firstKey() {
		if (isEval()) {
			return (numKeys() > 0 && this.arguments.size() > 2) ? this.arguments.get(2) : null;
		}
		return this.arguments.isEmpty() ? null : this.arguments.get(0);
	}

	/**
	 * Describe the command in a few words for a fault's result and for logs, for example
	 * {@code EVALSHA release.lua lock:{k}}: the name, the script and the keys, but never
	 * a value, which may be large.
	 * @return the description
	 */
	public String describe() {
		StringBuilder description = new StringBuilder(this.name);
		if (this.script != null) {
			description.append(' ').append(this.script).append(".lua");
		}
		if (isEval()) {
			int keys = Math.min(numKeys(), this.arguments.size() - 2);
			for (int i = 0; i < keys; i++) {
				description.append(' ').append(shortened(this.arguments.get(2 + i)));
			}
		}
		else {
			String key = firstKey();
			if (key != null) {
				description.append(' ').append(shortened(key));
			}
		}
		return description.toString();
	}

	boolean isEval() {
		return switch (this.name) {
			case "EVAL", "EVALSHA", "EVAL_RO", "EVALSHA_RO" -> true;
			default -> false;
		};
	}

	private int numKeys() {
		if (this.arguments.size() < 2) {
			return 0;
		}
		try {
			return Math.max(0, Integer.parseInt(this.arguments.get(1)));
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	private static String shortened(String text) {
		return (text.length() <= DESCRIBED_KEY_LENGTH) ? text : text.substring(0, DESCRIBED_KEY_LENGTH) + "...";
	}

}
