// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.jspecify.annotations.Nullable;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.util.StreamUtils;

/**
 * One lock script, read once from {@code META-INF/redis-lock/scripts} and run by SHA, its
 * source sent only on {@code NOSCRIPT}. The SHA is computed once, where
 * {@code RedisScript.of(Resource)} rechecks the resource, under a lock, on every call.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LuaScript {

	/** Where the scripts are, on the classpath. */
	static final String LOCATION = "META-INF/redis-lock/scripts/";

	static final LuaScript ACQUIRE = load("acquire");

	static final LuaScript RELEASE = load("release");

	static final LuaScript REACQUIRE = load("reacquire");

	static final LuaScript FENCE = load("fence");

	static final LuaScript RAISE_FENCE = load("raise-fence");

	static final LuaScript RAISE_COUNTER = load("raise-counter");

	static final LuaScript RENEW = load("renew");

	static final LuaScript RENEW_ALL = load("renew-all");

	static final LuaScript FORCE_RELEASE = load("force-release");

	private final String name;

	private final String sha1;

	private final byte[] source;

	private LuaScript(String name, String sha1, byte[] source) {
		this.name = name;
		this.sha1 = sha1;
		this.source = source;
	}

	<T> @Nullable T run(RedisConnection connection, ReturnType returnType, int numKeys, byte[]... keysAndArgs) {
		try {
			return connection.scriptingCommands().evalSha(this.sha1, returnType, numKeys, keysAndArgs);
		}
		catch (RuntimeException ex) {
			if (!isNoScript(ex)) {
				throw ex;
			}
			return connection.scriptingCommands().eval(this.source, returnType, numKeys, keysAndArgs);
		}
	}

	String sha1() {
		return this.sha1;
	}

	byte[] source() {
		return this.source.clone();
	}

	/**
	 * Whether Redis answered {@code NOSCRIPT}: a restarted or failed-over server forgot
	 * the script, and its source must be sent.
	 */
	static boolean isNoScript(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			String message = cause.getMessage();
			if (message != null && message.contains("NOSCRIPT")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * {@code prelude.lua} goes ahead of each script: Redis runs a script as one body, so
	 * the functions the scripts share travel with each.
	 */
	private static LuaScript load(String name) {
		try {
			byte[] prelude = read("prelude");
			byte[] script = read(name);
			byte[] source = new byte[prelude.length + script.length];
			System.arraycopy(prelude, 0, source, 0, prelude.length);
			System.arraycopy(script, 0, source, prelude.length, script.length);
			return new LuaScript(name, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source)),
					source);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-1 is required to run Redis scripts by digest", ex);
		}
	}

	private static byte[] read(String name) {
		String path = LOCATION + name + ".lua";
		try {
			return StreamUtils.copyToByteArray(new ClassPathResource(path).getInputStream());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Redis lock script " + path, ex);
		}
	}

	@Override
	public String toString() {
		return this.name + ".lua";
	}

}
