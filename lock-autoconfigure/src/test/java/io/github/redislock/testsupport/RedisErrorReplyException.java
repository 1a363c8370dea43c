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

package io.github.redislock.testsupport;

/**
 * An error reply ({@code -ERR ...}, {@code -MOVED ...}, ...) sent by a Redis server.
 * <p>
 * Kept apart from I/O failures (reported as {@link java.io.UncheckedIOException}) so a
 * test can tell "the server refused" from "the server did not answer", which is exactly
 * the distinction fault-injection tests care about.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisErrorReplyException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create an exception for the given error reply.
	 * @param message the reply text without the leading {@code -}
	 */
	public RedisErrorReplyException(String message) {
		super(message);
	}

	/**
	 * Return the error prefix, the first word of the reply, such as {@code ERR},
	 * {@code MOVED} or {@code WRONGTYPE}.
	 * @return the error prefix
	 */
	public String prefix() {
		String message = getMessage();
		int space = message.indexOf(' ');
		return (space < 0) ? message : message.substring(0, space);
	}

}
