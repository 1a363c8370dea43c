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

	private final String prefix;

	/**
	 * Create keys under the given prefix.
	 * @param prefix prepended to every key, for example {@code lock:}; must not contain
	 * braces, which would set a hash tag of their own, nor an unpaired surrogate
	 */
	RedisLockKeys(String prefix) {
		Assert.hasText(prefix, "Key prefix must not be empty");
		Assert.isTrue(prefix.indexOf('{') < 0 && prefix.indexOf('}') < 0,
				() -> "Key prefix must not contain '{' or '}', was '" + prefix + "'");
		Assert.isTrue(!hasUnpairedSurrogate(prefix),
				() -> "Key prefix must not contain an unpaired surrogate, was '" + encode(prefix) + "'");
		this.prefix = prefix;
	}

	/**
	 * Return whether the text holds an unpaired surrogate, which has no UTF-8 encoding.
	 * @param text the text
	 * @return whether the text holds an unpaired surrogate
	 */
	static boolean hasUnpairedSurrogate(String text) {
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

	/**
	 * Return the key holding the owner token of the lock.
	 * @param name the lock name
	 * @return the lock key
	 */
	String lockKey(String name) {
		Assert.hasText(name, "Lock name must not be null or blank");
		return this.prefix + "{" + encode(name) + "}";
	}

	/**
	 * Return the key naming the owners whose releases freed or handed on the lock in the
	 * last few seconds, so that a release sent again is not taken for a loss.
	 * @param name the lock name
	 * @return the released-by key
	 */
	String releasedByKey(String name) {
		return lockKey(name) + ":released-by";
	}

	/**
	 * Return the key counting the fencing tokens of the lock's hash slot: one counter per
	 * slot (16,384 at most) rather than per lock name, in the lock key's slot on a Redis
	 * Cluster.
	 * @param name the lock name
	 * @return the token counter key
	 */
	String fenceCounterKey(String name) {
		return this.prefix + "{" + SlotTags.of(ClusterSlotHashUtil.calculateSlot(lockKey(name))) + "}:fence-counter";
	}

	/**
	 * Return the key holding the waiters queued for a hand-off of the lock.
	 * @param name the lock name
	 * @return the waiters key
	 */
	String waitersKey(String name) {
		return lockKey(name) + ":waiters";
	}

	/**
	 * Return the key ordering the waiters queued for a hand-off by their arrival.
	 * @param name the lock name
	 * @return the queue key
	 */
	String queueKey(String name) {
		return lockKey(name) + ":queue";
	}

	/**
	 * Return the channel on which releases of the lock are announced.
	 * @param name the lock name
	 * @return the channel
	 */
	String channel(String name) {
		return channelOfKey(lockKey(name));
	}

	String channelOfKey(String lockKey) {
		return lockKey + ":released";
	}

	/**
	 * Return the channel on which a release tells one client's waiters that it handed
	 * them the lock, so that a hand-off costs the same however many processes wait.
	 * @param ownerToken an owner token of the client
	 * @return the channel, or {@code null} for a token without {@code ':'}, whose
	 * hand-offs are told on the lock's channel
	 */
	@Nullable String handOffChannel(String ownerToken) {
		int colon = ownerToken.lastIndexOf(':');
		return (colon > 0) ? handOffChannelPrefix() + ownerToken.substring(0, colon) : null;
	}

	/**
	 * Return what every hand-off channel starts with.
	 * @return the prefix of the hand-off channels
	 */
	String handOffChannelPrefix() {
		return this.prefix + "handoff:";
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
