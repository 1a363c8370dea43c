// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.github.redislock.store.LockHolder;

/**
 * Writes who holds a lock into its key's value, {@code <owner token> {<holder JSON>}}, so
 * that {@code GET} in {@code redis-cli} shows it at no extra command. Scripts compare
 * only the part before the first space, so owner tokens never contain one.
 *
 * @author redis-lock contributors
 */
final class HolderRecord {

	private HolderRecord() {
	}

	/**
	 * JSON fields without braces or {@code acquiredAt}, which the scripts add: a queued
	 * waiter's fields wait in its queue place until a hand-off stamps the time.
	 */
	static String fields(LockHolder holder) {
		StringBuilder fields = new StringBuilder(96);
		fields.append("\"host\":");
		quote(fields, holder.host());
		fields.append(",\"pid\":").append(holder.pid()).append(",\"thread\":");
		quote(fields, holder.thread());
		if (holder.method() != null) {
			fields.append(",\"method\":");
			quote(fields, holder.method());
		}
		return fields.toString();
	}

	/**
	 * Like {@link #fields}, but naming only the client instance: the owner token up to
	 * its last {@code ':'}, as the scripts find a waiter's client.
	 */
	static String instanceFields(String ownerToken) {
		int colon = ownerToken.lastIndexOf(':');
		StringBuilder fields = new StringBuilder(64);
		fields.append("\"instance\":");
		quote(fields, (colon > 0) ? ownerToken.substring(0, colon) : ownerToken);
		return fields.toString();
	}

	/** The time as {@code acquiredAt} records it: ISO-8601 in UTC. */
	static String now() {
		return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
	}

	/** The key's value for the bare {@code SET}, as the scripts write it. */
	static byte[] value(String ownerToken, String fields, String acquiredAt) {
		return (ownerToken + " {" + fields + ",\"acquiredAt\":\"" + acquiredAt + "\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	private static void quote(StringBuilder json, String text) {
		json.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"' || c == '\\') {
				json.append('\\').append(c);
			}
			else if (c < 0x20) {
				json.append(String.format("\\u%04x", (int) c));
			}
			else {
				json.append(c);
			}
		}
		json.append('"');
	}

}
