// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.github.redislock.store.LockHolder;

/**
 * Writes who holds a lock into the value of its key, after the owner token and a space:
 * <pre>
 * 0c5b8f3e-…:7 {"host":"web-1","pid":4242,"thread":"http-nio-8080-exec-3","method":"…","acquiredAt":"2026-11-23T18:40:01.123Z"}
 * </pre> so that one {@code GET} in {@code redis-cli} shows it, and so that it costs the
 * acquisition nothing: the first attempt stays one bare {@code SET NX PX}, and the record
 * lives exactly as long as the lock, renewed with it, replaced by a hand-off, gone with
 * its release or its lease. The scripts compare only the owner token, the value up to its
 * first space; owner tokens never contain one (release messages are split there too).
 * <p>
 * With {@link RedisLockStore#setHolderDetails holder details} off, the record names only
 * the holder's client instance: {@code {"instance":"0c5b8f3e-…","acquiredAt":"…"}}.
 * <p>
 * The holder is written as JSON fields without braces, which the scripts complete with
 * {@code acquiredAt}: a waiter's fields wait in its queue place until a release hands it
 * the lock and stamps the time of the hand-off.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class HolderRecord {

	private HolderRecord() {
	}

	/**
	 * Return the holder as JSON fields, without braces and without {@code acquiredAt}.
	 * @param holder the holder
	 * @return the fields
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
	 * Return, as JSON fields like {@link #fields}, only the instance that holds: the
	 * random id of the client, which its owner tokens start with, up to their last
	 * {@code :} (the scripts find a waiter's client the same way).
	 * @param ownerToken the holder's owner token
	 * @return the fields
	 */
	static String instanceFields(String ownerToken) {
		int colon = ownerToken.lastIndexOf(':');
		StringBuilder fields = new StringBuilder(64);
		fields.append("\"instance\":");
		quote(fields, (colon > 0) ? ownerToken.substring(0, colon) : ownerToken);
		return fields.toString();
	}

	/**
	 * Return the current time as the scripts write it: ISO-8601 in UTC, to the
	 * millisecond.
	 * @return the time
	 */
	static String now() {
		return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
	}

	/**
	 * Return the value of a lock key, as the scripts also compose it.
	 * @param ownerToken the owner token
	 * @param fields the holder's {@link #fields}
	 * @param acquiredAt when the lock was taken
	 * @return the value
	 */
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
