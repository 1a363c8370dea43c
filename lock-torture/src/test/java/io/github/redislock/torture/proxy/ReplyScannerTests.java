// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reply scanner finds the end of every RESP2 and RESP3 reply wherever the stream is
 * cut into chunks, and tells pushes, which answer no command, from replies.
 *
 * @author redis-lock contributors
 */
class ReplyScannerTests {

	private static final String EVERY_KIND = "+OK\r\n" + "-ERR wrong\r\n" + ":42\r\n" + "$5\r\nhe\r\no\r\n" + "$-1\r\n"
			+ "$0\r\n\r\n" + "*-1\r\n" + "*0\r\n" + "*3\r\n:1\r\n$3\r\ntwo\r\n*1\r\n:3\r\n" + "_\r\n" + ",1.5\r\n"
			+ "#t\r\n" + "!3\r\nbad\r\n" + "=8\r\ntxt:abcd\r\n" + "(12345678901234567890\r\n"
			+ "%2\r\n+a\r\n:1\r\n+b\r\n*2\r\n_\r\n#f\r\n" + "~2\r\n+x\r\n+y\r\n" + "|1\r\n+ttl\r\n:3\r\n$1\r\nv\r\n"
			+ ">3\r\n+message\r\n+ch\r\n+hi\r\n" + "%0\r\n";

	private static final List<String> REPLIES = List.of("reply", "reply", "reply", "reply", "reply", "reply", "reply",
			"reply", "reply", "reply", "reply", "reply", "reply", "reply", "reply", "reply", "reply", "reply", "push",
			"reply");

	@Test
	void everyKindOfReplyEndsWhereRespSaysItEnds() {
		assertThat(scanInChunksOf(Integer.MAX_VALUE)).isEqualTo(REPLIES);
	}

	@Test
	void repliesCutAtEveryByteEndAtTheSamePlaces() {
		for (int chunk = 1; chunk < 12; chunk++) {
			assertThat(scanInChunksOf(chunk)).as("chunks of %d bytes", chunk).isEqualTo(REPLIES);
		}
	}

	@Test
	void aPushAfterAnAttributeIsStillAPush() {
		byte[] bytes = "|1\r\n+k\r\n+v\r\n>1\r\n+invalidate\r\n".getBytes(StandardCharsets.US_ASCII);
		ReplyScanner scanner = new ReplyScanner();

		assertThat(scanner.scan(bytes, 0, bytes.length)).isEqualTo(bytes.length);
		assertThat(scanner.wasPush()).isTrue();
		assertThat(scanner.isIdle()).isTrue();
	}

	@Test
	void bytesThatAreNotRespStopTheScannerForGood() {
		byte[] bytes = "+OK\r\n@what\r\n+OK\r\n".getBytes(StandardCharsets.US_ASCII);
		ReplyScanner scanner = new ReplyScanner();

		assertThat(scanner.scan(bytes, 0, bytes.length)).isEqualTo(5);
		assertThat(scanner.scan(bytes, 5, bytes.length)).isEqualTo(-1);
		assertThat(scanner.isBroken()).isTrue();
		assertThat(scanner.isIdle()).isFalse();
	}

	private static List<String> scanInChunksOf(int chunk) {
		byte[] bytes = EVERY_KIND.getBytes(StandardCharsets.US_ASCII);
		ReplyScanner scanner = new ReplyScanner();
		List<String> replies = new ArrayList<>();
		for (int start = 0; start < bytes.length; start += chunk) {
			int end = (int) Math.min((long) start + chunk, bytes.length);
			int position = start;
			while (position < end) {
				int replyEnd = scanner.scan(bytes, position, end);
				if (replyEnd < 0) {
					break;
				}
				replies.add(scanner.wasPush() ? "push" : "reply");
				position = replyEnd;
			}
		}
		assertThat(scanner.isIdle()).isTrue();
		return replies;
	}

}
