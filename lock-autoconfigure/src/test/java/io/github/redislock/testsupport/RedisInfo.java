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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses the {@code field:value} lines of an {@code INFO} or {@code CLUSTER INFO} reply.
 * <p>
 * Most readiness checks of the fixture (replication link up, cluster state ok, process
 * id) are a single INFO field, so they share this one parser.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisInfo {

	private RedisInfo() {
	}

	/**
	 * Parse an INFO reply, skipping section headers and blank lines.
	 * @param reply the reply text
	 * @return the fields in reply order
	 */
	public static Map<String, String> parse(Object reply) {
		Map<String, String> fields = new LinkedHashMap<>();
		if (reply == null) {
			return fields;
		}
		for (String line : reply.toString().split("\r?\n")) {
			int colon = line.indexOf(':');
			if (!line.startsWith("#") && colon > 0) {
				fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return Collections.unmodifiableMap(fields);
	}

}
