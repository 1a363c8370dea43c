// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The starter's Lua scripts by SHA-1, so that a fault can name the lock operation behind
 * an {@code EVALSHA} or an {@code EVAL}. The scripts are read from the same classpath
 * resources the engine reads rather than through the engine's classes, which are not
 * public: the SHA of the resource bytes is the one the engine sends.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockScripts {

	static final List<String> NAMES = List.of("acquire", "release", "reacquire", "fence", "renew", "renew-all",
			"raise-fence", "force-release");

	private static final String LOCATION = "META-INF/redis-lock/scripts/";

	private static final Map<String, String> namesBySha = load();

	private LockScripts() {
	}

	/**
	 * Return the script a SHA-1 stands for.
	 * @param sha1 a SHA-1 in hex, either case
	 * @return the script name, or {@code null} if it is none of the starter's scripts
	 */
	static @Nullable String nameOfSha(String sha1) {
		return namesBySha.get(sha1.toLowerCase(Locale.ROOT));
	}

	/**
	 * Return the script a Lua source is.
	 * @param source the bytes of an {@code EVAL} body
	 * @return the script name, or {@code null} if it is none of the starter's scripts
	 */
	static @Nullable String nameOfSource(byte[] source) {
		return namesBySha.get(sha1(source));
	}

	static String sha1(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-1 is required to recognise Redis scripts", ex);
		}
	}

	/**
	 * The bytes the engine sends for a script: {@code prelude.lua}, then the script.
	 */
	static byte[] source(String name) {
		byte[] prelude = resource("prelude");
		byte[] script = resource(name);
		byte[] source = new byte[prelude.length + script.length];
		System.arraycopy(prelude, 0, source, 0, prelude.length);
		System.arraycopy(script, 0, source, prelude.length, script.length);
		return source;
	}

	private static byte[] resource(String name) {
		String path = LOCATION + name + ".lua";
		ClassLoader classLoader = LockScripts.class.getClassLoader();
		try (InputStream in = classLoader.getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException("Redis lock script " + path + " is not on the classpath");
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Redis lock script " + path, ex);
		}
	}

	private static Map<String, String> load() {
		Map<String, String> names = new HashMap<>();
		for (String name : NAMES) {
			names.put(sha1(source(name)), name);
		}
		return Map.copyOf(names);
	}

}
