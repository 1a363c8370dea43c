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

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes commands and decodes replies of the Redis serialization protocol (RESP2, plus
 * the RESP3 types a test might meet after {@code HELLO 3}).
 * <p>
 * Hand-written so that the fixture needs no Redis client library: the lock engine under
 * test brings its own client, and the fixture must keep working whichever one it is.
 * Replies map to plain Java types: simple and bulk strings to {@link String}, integers to
 * {@link Long}, arrays to {@link List}, nil to {@code null}. A top-level error reply is
 * thrown as {@link RedisErrorReplyException}; an error nested inside an array (for
 * example in the result of {@code EXEC}) is returned as that exception instead of being
 * thrown, so the other elements stay readable.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RespCodec {

	private static final byte[] CRLF = { '\r', '\n' };

	private RespCodec() {
	}

	/**
	 * Encode a command as a RESP array of bulk strings.
	 * @param args the command name and its arguments
	 * @return the bytes to send
	 */
	static byte[] encode(String... args) {
		if (args.length == 0) {
			throw new IllegalArgumentException("A command needs at least a name");
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		writeAscii(out, "*" + args.length);
		for (String arg : args) {
			byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
			writeAscii(out, "$" + bytes.length);
			out.writeBytes(bytes);
			out.writeBytes(CRLF);
		}
		return out.toByteArray();
	}

	/**
	 * Read one complete reply.
	 * @param in the stream to read from
	 * @return the decoded reply
	 * @throws IOException if the stream fails or ends inside a reply
	 * @throws RedisErrorReplyException if the reply is an error
	 */
	static Object decode(InputStream in) throws IOException {
		Object reply = read(in);
		if (reply instanceof RedisErrorReplyException error) {
			throw new RedisErrorReplyException(error.getMessage());
		}
		return reply;
	}

	private static Object read(InputStream in) throws IOException {
		int type = in.read();
		if (type < 0) {
			throw new EOFException("Connection closed by the server");
		}
		String line = readLine(in);
		return switch (type) {
			case '+' -> line;
			case '-', '!' -> new RedisErrorReplyException((type == '!') ? readBulk(in, line) : line);
			case ':' -> Long.parseLong(line);
			case '$', '=' -> readBulkOrNull(in, line, type == '=');
			case '*', '~', '>' -> readArray(in, line);
			case '%' -> readMap(in, line);
			case '_' -> null;
			case '#' -> "t".equals(line);
			case ',', '(' -> line;
			default -> throw new IOException("Unsupported RESP type '" + (char) type + "' (" + line + ")");
		};
	}

	private static Object readBulkOrNull(InputStream in, String length, boolean verbatim) throws IOException {
		if (length.startsWith("-")) {
			return null;
		}
		String text = readBulk(in, length);
		return (verbatim && text.length() >= 4) ? text.substring(4) : text;
	}

	private static String readBulk(InputStream in, String length) throws IOException {
		int size = Integer.parseInt(length);
		byte[] bytes = in.readNBytes(size);
		if (bytes.length != size || in.read() != '\r' || in.read() != '\n') {
			throw new EOFException("Connection closed inside a bulk string");
		}
		return new String(bytes, StandardCharsets.UTF_8);
	}

	private static List<Object> readArray(InputStream in, String length) throws IOException {
		int size = Integer.parseInt(length);
		if (size < 0) {
			return null;
		}
		List<Object> elements = new ArrayList<>(size);
		for (int i = 0; i < size; i++) {
			elements.add(read(in));
		}
		return elements;
	}

	private static Map<Object, Object> readMap(InputStream in, String length) throws IOException {
		int size = Integer.parseInt(length);
		Map<Object, Object> entries = new LinkedHashMap<>();
		for (int i = 0; i < size; i++) {
			entries.put(read(in), read(in));
		}
		return entries;
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		int previous = -1;
		while (true) {
			int current = in.read();
			if (current < 0) {
				throw new EOFException("Connection closed inside a reply");
			}
			if (previous == '\r' && current == '\n') {
				byte[] bytes = line.toByteArray();
				return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
			}
			line.write(current);
			previous = current;
		}
	}

	private static void writeAscii(ByteArrayOutputStream out, String text) {
		out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
		out.writeBytes(CRLF);
	}

}
