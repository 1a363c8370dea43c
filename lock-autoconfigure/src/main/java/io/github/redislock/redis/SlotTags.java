// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;

/**
 * A short hash tag for each Redis Cluster slot, the same in every client, so that a key
 * shared by all lock names of one slot can sit in their slot.
 */
final class SlotTags {

	private static final String[] TAGS = tags();

	private SlotTags() {
	}

	static String of(int slot) {
		return TAGS[slot];
	}

	private static String[] tags() {
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

}
