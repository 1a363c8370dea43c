// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.HexFormat;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.util.Assert;

/**
 * Names the Redis keys and channels of a lock. The name sits in a hash tag, so all keys
 * of a lock share a Redis Cluster slot. Braces, {@code '%'} and unpaired surrogates in a
 * name are percent-encoded, so that distinct names never share a key.
 *
 * @author redis-lock contributors
 */
final class RedisLockKeys {

	private static final HexFormat HEX = HexFormat.of().withUpperCase();

	/** A short hash tag for each Redis Cluster slot, the same in every client. */
	private static final String[] SLOT_TAGS = slotTags();

	private final String prefix;

	/** Braces in the prefix would set a hash tag of their own. */
	RedisLockKeys(String prefix) {
		Assert.hasText(prefix, "Key prefix must not be empty");
		Assert.isTrue(prefix.indexOf('{') < 0 && prefix.indexOf('}') < 0,
				() -> "Key prefix must not contain '{' or '}', was '" + prefix + "'");
		Assert.isTrue(!hasUnpairedSurrogate(prefix),
				() -> "Key prefix must not contain an unpaired surrogate, was '" + encode(prefix) + "'");
		this.prefix = prefix;
	}

	/** An unpaired surrogate has no UTF-8 encoding. */
	private static boolean hasUnpairedSurrogate(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				return true;
			}
		}
		return false;
	}

	String lockKey(String name) {
		Assert.hasText(name, "Lock name must not be null or blank");
		return this.prefix + "{" + encode(name) + "}";
	}

	/** Names the owners whose releases ran lately, so a release re-sent is no loss. */
	String releasedByKey(String name) {
		return lockKey(name) + ":released-by";
	}

	/** One fencing token counter per hash slot (16,384 at most), not per lock name. */
	String fenceCounterKey(String name) {
		return this.prefix + "{" + SLOT_TAGS[ClusterSlotHashUtil.calculateSlot(lockKey(name))] + "}:fence-counter";
	}

	String waitersKey(String name) {
		return lockKey(name) + ":waiters";
	}

	/** Orders the waiters queued for a hand-off by their arrival. */
	String queueKey(String name) {
		return lockKey(name) + ":queue";
	}

	String channel(String name) {
		return channelOfKey(lockKey(name));
	}

	String channelOfKey(String lockKey) {
		return lockKey + ":released";
	}

	/**
	 * One client's hand-offs, so a hand-off costs the same however many processes wait;
	 * {@code null} for a token without {@code ':'}, told on the lock's channel.
	 */
	@Nullable String handOffChannel(String ownerToken) {
		int colon = ownerToken.lastIndexOf(':');
		return (colon > 0) ? handOffChannelPrefix() + ownerToken.substring(0, colon) : null;
	}

	String handOffChannelPrefix() {
		return this.prefix + "handoff:";
	}

	private static String[] slotTags() {
		String[] tags = new String[ClusterSlotHashUtil.SLOT_COUNT];
		int found = 0;
		for (int i = 0; found < tags.length; i++) {
			String tag = Integer.toString(i, Character.MAX_RADIX);
			int slot = ClusterSlotHashUtil.calculateSlot(tag);
			if (tags[slot] == null) {
				tags[slot] = tag;
				found++;
			}
		}
		return tags;
	}

	private static String encode(String name) {
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			if (c == '%' || c == '{' || c == '}' || Character.isSurrogate(c)) {
				return encode(name, i);
			}
		}
		return name;
	}

	private static String encode(String name, int from) {
		StringBuilder encoded = new StringBuilder(name.length() + 16).append(name, 0, from);
		for (int i = from; i < name.length(); i++) {
			char c = name.charAt(i);
			if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
				encoded.append(c).append(name.charAt(++i));
				continue;
			}
			switch (c) {
				case '%' -> encoded.append("%25");
				case '{' -> encoded.append("%7B");
				case '}' -> encoded.append("%7D");
				default -> {
					if (Character.isSurrogate(c)) {
						encoded.append("%u").append(HEX.toHexDigits(c));
					}
					else {
						encoded.append(c);
					}
				}
			}
		}
		return encoded.toString();
	}

}
