// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The sources the simulated store sends for each lock script: the starter's own, read as
 * {@link LuaScript} reads them ({@code prelude.lua} ahead of each), or one patched to put
 * a known fault back for a mutation check.
 *
 * @author redis-lock contributors
 */
public final class SimulatedScripts {

	private final Map<LuaScript, String> sources = new HashMap<>();

	private SimulatedScripts() {
	}

	/** The starter's scripts as they are. */
	public static SimulatedScripts real() {
		SimulatedScripts scripts = new SimulatedScripts();
		for (LuaScript script : new LuaScript[] { LuaScript.ACQUIRE, LuaScript.RELEASE, LuaScript.REACQUIRE,
				LuaScript.FENCE, LuaScript.RAISE_FENCE, LuaScript.RENEW, LuaScript.RENEW_ALL,
				LuaScript.FORCE_RELEASE }) {
			scripts.sources.put(script, new String(script.source(), StandardCharsets.ISO_8859_1));
		}
		return scripts;
	}

	/**
	 * These scripts with {@code release.lua} patched.
	 * @throws IllegalStateException if the patch changes nothing: the script it was
	 * written for has changed
	 */
	public SimulatedScripts withRelease(UnaryOperator<String> patch) {
		return with(LuaScript.RELEASE, patch);
	}

	/**
	 * These scripts with {@code acquire.lua} patched.
	 * @throws IllegalStateException if the patch changes nothing: the script it was
	 * written for has changed
	 */
	public SimulatedScripts withAcquire(UnaryOperator<String> patch) {
		return with(LuaScript.ACQUIRE, patch);
	}

	SimulatedScripts with(LuaScript script, UnaryOperator<String> patch) {
		SimulatedScripts patched = new SimulatedScripts();
		patched.sources.putAll(this.sources);
		String source = this.sources.get(script);
		String changed = patch.apply(source);
		if (changed.equals(source)) {
			throw new IllegalStateException("The patch of " + script + " no longer matches it");
		}
		patched.sources.put(script, changed);
		return patched;
	}

	String source(LuaScript script) {
		return this.sources.get(script);
	}

	/**
	 * The source of a script by its file name, such as {@code release.lua}, with the
	 * prelude ahead of it.
	 */
	public String source(String fileName) {
		return this.sources.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().toString().equals(fileName))
			.map(Map.Entry::getValue)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No lock script " + fileName));
	}

}
