// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * Reads the commands a client sends out of the byte stream, fed in chunks as they come:
 * RESP arrays of bulk strings, which is what Lettuce and every other client send, and
 * inline commands, which are reported without a decoded form so that their reply is still
 * counted but never matched. Lines and arrays that Redis answers with nothing (an empty
 * inline line, {@code *0}) are not reported, since no reply will come for them.
 * <p>
 * Anything else is a protocol error that makes Redis close the connection; the reader
 * then stops for good ({@link #isBroken()}) and the proxy passes the bytes through.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class CommandReader {

	/** Redis refuses more arguments than this in one command. */
	private static final long MAX_ARGUMENTS = 1024 * 1024;

	/** Redis refuses longer bulk strings than this (proto-max-bulk-len). */
	private static final long MAX_BULK_LENGTH = 512L * 1024 * 1024;

	private enum State {

		START, INLINE, ARRAY_LENGTH, BULK_TYPE, BULK_LENGTH, BULK, BULK_END, BROKEN

	}

	private State state = State.START;

	private boolean inlineBlank;

	private long number;

	private boolean negative;

	private long argumentsLeft;

	private List<byte[]> arguments = new ArrayList<>();

	private byte[] argument = new byte[0];

	private int argumentFilled;

	private int bulkEndLeft;

	/**
	 * Whether the stream held something that is not a command Redis would run.
	 * @return whether reading stopped for good
	 */
	boolean isBroken() {
		return this.state == State.BROKEN;
	}

	/**
	 * Read a chunk of the client's stream.
	 * @param bytes the buffer
	 * @param from the first byte to read
	 * @param to the end of the bytes to read (exclusive)
	 * @param commands told of each command that ended in the chunk, in order;
	 * {@code null} for an inline command
	 */
	void read(byte[] bytes, int from, int to, Consumer<@Nullable RedisCommand> commands) {
		int position = from;
		while (position < to && this.state != State.BROKEN) {
			byte b = bytes[position];
			switch (this.state) {
				case START -> {
					if (b == '*') {
						position++;
						startNumber(State.ARRAY_LENGTH);
					}
					else {
						this.inlineBlank = true;
						this.state = State.INLINE;
					}
				}
				case INLINE -> {
					position++;
					if (b == '\n') {
						this.state = State.START;
						if (!this.inlineBlank) {
							commands.accept(null);
						}
					}
					else if (!Character.isWhitespace(b)) {
						this.inlineBlank = false;
					}
				}
				case ARRAY_LENGTH, BULK_LENGTH -> {
					position++;
					readNumber(b);
				}
				case BULK_TYPE -> {
					position++;
					if (b == '$') {
						startNumber(State.BULK_LENGTH);
					}
					else {
						this.state = State.BROKEN;
					}
				}
				case BULK -> {
					int copied = Math.min(this.argument.length - this.argumentFilled, to - position);
					System.arraycopy(bytes, position, this.argument, this.argumentFilled, copied);
					this.argumentFilled += copied;
					position += copied;
					if (this.argumentFilled == this.argument.length) {
						this.bulkEndLeft = 2;
						this.state = State.BULK_END;
					}
				}
				case BULK_END -> {
					position++;
					if (--this.bulkEndLeft == 0) {
						this.arguments.add(this.argument);
						if (--this.argumentsLeft == 0) {
							this.state = State.START;
							commands.accept(command(this.arguments));
							this.arguments = new ArrayList<>();
						}
						else {
							this.state = State.BULK_TYPE;
						}
					}
				}
				case BROKEN -> {
				}
			}
		}
	}

	private void startNumber(State state) {
		this.state = state;
		this.number = 0;
		this.negative = false;
	}

	private void readNumber(byte b) {
		if (b >= '0' && b <= '9') {
			this.number = this.number * 10 + (b - '0');
			if (this.number > MAX_BULK_LENGTH) {
				this.state = State.BROKEN;
			}
		}
		else if (b == '-') {
			this.negative = true;
		}
		else if (b == '\n') {
			numberRead(this.negative ? -this.number : this.number);
		}
		else if (b != '\r') {
			this.state = State.BROKEN;
		}
	}

	private void numberRead(long value) {
		if (this.state == State.ARRAY_LENGTH) {
			if (value > MAX_ARGUMENTS) {
				this.state = State.BROKEN;
			}
			else {
				// Redis answers nothing to an empty or null array.
				this.argumentsLeft = value;
				this.state = (value > 0) ? State.BULK_TYPE : State.START;
			}
		}
		else if (value < 0) {
			this.state = State.BROKEN;
		}
		else {
			this.argument = new byte[(int) value];
			this.argumentFilled = 0;
			this.state = State.BULK;
			if (value == 0) {
				this.bulkEndLeft = 2;
				this.state = State.BULK_END;
			}
		}
	}

	private static RedisCommand command(List<byte[]> arguments) {
		String name = utf8(arguments.get(0));
		List<String> decoded = new ArrayList<>(arguments.size() - 1);
		for (int i = 1; i < arguments.size(); i++) {
			decoded.add(utf8(arguments.get(i)));
		}
		RedisCommand command = new RedisCommand(name, decoded, null);
		if (!command.isEval() || decoded.isEmpty()) {
			return command;
		}
		String script = command.name().startsWith("EVALSHA") ? LockScripts.nameOfSha(decoded.get(0))
				: LockScripts.nameOfSource(arguments.get(1));
		return (script != null) ? new RedisCommand(name, decoded, script) : command;
	}

	private static String utf8(byte[] bytes) {
		return new String(bytes, StandardCharsets.UTF_8);
	}

}
