/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.util.StreamUtils;

/**
 * The Lua scripts of the Redis lock, read once from {@code META-INF/redis-lock/scripts}.
 * Spring Data Redis runs them by SHA and sends the source only when Redis answers
 * NOSCRIPT. The SHA is computed here once: {@code RedisScript.of(Resource)} would check
 * the resource for changes, under a lock, on every call.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RedisLockScripts {

	static final RedisScript<Long> ACQUIRE = load("acquire");

	static final RedisScript<Long> RELEASE = load("release");

	static final RedisScript<Long> RENEW = load("renew");

	static final RedisScript<Long> FORCE_RELEASE = load("force-release");

	private RedisLockScripts() {
	}

	private static RedisScript<Long> load(String name) {
		String path = "META-INF/redis-lock/scripts/" + name + ".lua";
		try {
			String source = StreamUtils.copyToString(new ClassPathResource(path).getInputStream(),
					StandardCharsets.UTF_8);
			return new LuaScript(sha1(source), source);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Redis lock script " + path, ex);
		}
	}

	private static String sha1(String source) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-1 is required by Redis script caching", ex);
		}
	}

	private record LuaScript(String getSha1, String getScriptAsString) implements RedisScript<Long> {

		@Override
		public Class<Long> getResultType() {
			return Long.class;
		}

	}

}
