// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The sources the simulated store sends for each lock script: the starter's own, read as
 * {@link LuaScript} reads them ({@code prelude.lua} ahead of each), or one patched to put
 * a known fault back for a mutation check. Also the fenced write of a value,
 * {@code fenced-set.lua}, as the starter's {@code FencedRedisTemplate} sends it (without
 * the prelude), which the simulated fenced resource runs.
 *
 * @author redis-lock contributors
 */
public final class SimulatedScripts {

	private static final String FENCED_SET = readFencedSet();

	/**
	 * Shared by every run: the simulated server finds a script's compiled class by its
	 * source, which is quickest when the source is the very string it was compiled from.
	 */
	private static final SimulatedScripts REAL = readReal();

	private final Map<LuaScript, String> sources = new HashMap<>();

	private String fencedSet = FENCED_SET;

	private SimulatedScripts() {
	}

	private static String readFencedSet() {
		String path = "META-INF/redis-lock/scripts/fenced-set.lua";
		try (InputStream source = SimulatedScripts.class.getClassLoader().getResourceAsStream(path)) {
			if (source == null) {
				throw new IllegalStateException("No " + path + " on the class path");
			}
			return new String(source.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The starter's scripts as they are. */
	public static SimulatedScripts real() {
		return REAL;
	}

	private static SimulatedScripts readReal() {
		SimulatedScripts scripts = new SimulatedScripts();
		for (LuaScript script : new LuaScript[] { LuaScript.ACQUIRE, LuaScript.RELEASE, LuaScript.REACQUIRE,
				LuaScript.FENCE, LuaScript.RAISE_FENCE, LuaScript.RAISE_COUNTER, LuaScript.RENEW, LuaScript.RENEW_ALL,
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

	/**
	 * These scripts with {@code fence.lua} patched.
	 * @throws IllegalStateException if the patch changes nothing: the script it was
	 * written for has changed
	 */
	public SimulatedScripts withFence(UnaryOperator<String> patch) {
		return with(LuaScript.FENCE, patch);
	}

	/**
	 * These scripts with {@code fenced-set.lua} patched.
	 * @throws IllegalStateException if the patch changes nothing: the script it was
	 * written for has changed
	 */
	public SimulatedScripts withFencedSet(UnaryOperator<String> patch) {
		SimulatedScripts patched = copy();
		patched.fencedSet = patched(patch, this.fencedSet, "fenced-set.lua");
		return patched;
	}

	SimulatedScripts with(LuaScript script, UnaryOperator<String> patch) {
		SimulatedScripts patched = copy();
		patched.sources.put(script, patched(patch, this.sources.get(script), script.toString()));
		return patched;
	}

	private SimulatedScripts copy() {
		SimulatedScripts copy = new SimulatedScripts();
		copy.sources.putAll(this.sources);
		copy.fencedSet = this.fencedSet;
		return copy;
	}

	private static String patched(UnaryOperator<String> patch, String source, String script) {
		String changed = patch.apply(source);
		if (changed.equals(source)) {
			throw new IllegalStateException("The patch of " + script + " no longer matches it");
		}
		return changed;
	}

	/** {@code fenced-set.lua}, as the fenced resource runs it. */
	public String fencedSet() {
		return this.fencedSet;
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
