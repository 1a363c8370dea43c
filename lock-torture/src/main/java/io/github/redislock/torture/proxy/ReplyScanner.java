// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.util.Arrays;

/**
 * Finds where each top-level reply ends in the byte stream Redis sends, in RESP2 and
 * RESP3, without copying or decoding it: the proxy forwards the bytes as they came and
 * only needs to know which reply answers which command. Replies arrive in command order,
 * except RESP3 pushes ({@code >}), which answer no command and are reported as such. An
 * attribute ({@code |}) belongs to the reply that follows it.
 * <p>
 * The scanner is fed the stream in chunks and keeps its place between them. On a byte it
 * does not understand it stops for good ({@link #isBroken()}), and the proxy then passes
 * the connection through untouched rather than guess.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ReplyScanner {

	/** Longer lengths than Redis's 512 MB bulk limit are a broken stream, not a reply. */
	private static final long MAX_LENGTH = 1L << 40;

	private enum State {

		TYPE, LINE, LENGTH, BLOB, BROKEN

	}

	private State state = State.TYPE;

	private byte type;

	private long length;

	private boolean negative;

	private long blobLeft;

	/** Elements still to come in each open aggregate, outermost first. */
	private long[] remaining = new long[8];

	private int depth;

	private boolean push;

	private boolean attributeFirst;

	/**
	 * Whether the scanner stands between two top-level replies.
	 * @return whether no reply is partly read
	 */
	boolean isIdle() {
		return this.state == State.TYPE && this.depth == 0;
	}

	/**
	 * Whether the stream held something that is not RESP.
	 * @return whether scanning stopped for good
	 */
	boolean isBroken() {
		return this.state == State.BROKEN;
	}

	/**
	 * Whether the reply whose end {@link #scan} returned last was a push, which answers
	 * no command.
	 * @return whether it was a push
	 */
	boolean wasPush() {
		return this.push;
	}

	/**
	 * Scan bytes until a top-level reply ends.
	 * @param bytes the buffer
	 * @param from the first byte to scan
	 * @param to the end of the bytes to scan (exclusive)
	 * @return the index just after the end of the reply that ended, or {@code -1} if
	 * every byte was scanned and no reply ended
	 */
	int scan(byte[] bytes, int from, int to) {
		int position = from;
		while (position < to) {
			switch (this.state) {
				case TYPE -> {
					if (startElement(bytes[position++])) {
						return position;
					}
				}
				case LINE -> {
					int end = indexOfNewline(bytes, position, to);
					if (end < 0) {
						return -1;
					}
					position = end + 1;
					this.state = State.TYPE;
					if (elementEnded()) {
						return position;
					}
				}
				case LENGTH -> {
					if (readLength(bytes[position++])) {
						return position;
					}
				}
				case BLOB -> {
					int skipped = (int) Math.min(this.blobLeft, to - position);
					position += skipped;
					this.blobLeft -= skipped;
					if (this.blobLeft == 0) {
						this.state = State.TYPE;
						if (elementEnded()) {
							return position;
						}
					}
				}
				case BROKEN -> {
					return -1;
				}
			}
		}
		return -1;
	}

	private boolean startElement(byte type) {
		this.type = type;
		if (this.depth == 0) {
			this.push = type == '>';
			this.attributeFirst = type == '|';
		}
		else if (this.attributeFirst && this.depth == 1 && this.remaining[0] == 1) {
			// The element after a top-level attribute is the reply proper.
			this.push = type == '>';
		}
		switch (type) {
			case '+', '-', ':', '_', ',', '#', '(' -> this.state = State.LINE;
			case '$', '!', '=', '*', '%', '~', '>', '|' -> {
				this.state = State.LENGTH;
				this.length = 0;
				this.negative = false;
			}
			default -> this.state = State.BROKEN;
		}
		return false;
	}

	private boolean readLength(byte b) {
		if (b >= '0' && b <= '9') {
			this.length = this.length * 10 + (b - '0');
			if (this.length > MAX_LENGTH) {
				this.state = State.BROKEN;
			}
			return false;
		}
		if (b == '-') {
			this.negative = true;
			return false;
		}
		if (b == '\r') {
			return false;
		}
		if (b != '\n') {
			// Includes RESP3 streamed types ($? and *?), which Redis does not send.
			this.state = State.BROKEN;
			return false;
		}
		long value = this.negative ? -this.length : this.length;
		this.state = State.TYPE;
		return switch (this.type) {
			case '$', '!', '=' -> {
				if (value < 0) {
					yield elementEnded();
				}
				this.blobLeft = value + 2;
				this.state = State.BLOB;
				yield false;
			}
			case '%' -> open(value * 2);
			// An attribute's pairs are followed by the element they annotate.
			case '|' -> open(Math.max(0, value) * 2 + 1);
			default -> open(value);
		};
	}

	private boolean open(long elements) {
		if (elements <= 0) {
			return elementEnded();
		}
		if (this.depth == this.remaining.length) {
			this.remaining = Arrays.copyOf(this.remaining, this.depth * 2);
		}
		this.remaining[this.depth++] = elements;
		return false;
	}

	/**
	 * Count an element as ended, which may end the aggregates around it.
	 * @return whether a top-level reply ended
	 */
	private boolean elementEnded() {
		while (this.depth > 0) {
			if (--this.remaining[this.depth - 1] > 0) {
				return false;
			}
			this.depth--;
		}
		return true;
	}

	private static int indexOfNewline(byte[] bytes, int from, int to) {
		for (int i = from; i < to; i++) {
			if (bytes[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

}
