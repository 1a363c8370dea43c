// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command reader finds every command a client sends, however the stream is cut, and
 * reports exactly the commands Redis will answer.
 *
 * @author redis-lock contributors
 */
class CommandReaderTests {

	@Test
	void arraysOfBulkStringsAreReadWhereverTheStreamIsCut() {
		String stream = "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$0\r\n\r\n" + "*2\r\n$3\r\nget\r\n$4\r\nk\r\nx\r\n";
		for (int chunk = 1; chunk <= stream.length(); chunk++) {
			List<@Nullable RedisCommand> commands = read(stream, chunk);

			assertThat(commands).as("chunks of %d bytes", chunk)
				.containsExactly(new RedisCommand("SET", List.of("k", ""), null),
						new RedisCommand("GET", List.of("k\r\nx"), null));
		}
	}

	@Test
	void inlineCommandsAreCountedUnmatchedAndWhatRedisDoesNotAnswerIsNot() {
		List<@Nullable RedisCommand> commands = read("PING\r\n\r\n  \r\n*0\r\n*-1\r\nECHO hi\n*1\r\n$4\r\nPING\r\n",
				Integer.MAX_VALUE);

		assertThat(commands).containsExactly(null, null, new RedisCommand("PING", List.of(), null));
	}

	@Test
	void aLockScriptIsNamedWhetherItRunsByShaOrBySource() {
		byte[] acquire = LockScripts.source("acquire");
		String sha = LockScripts.sha1(LockScripts.source("renew-all")).toUpperCase();
		String stream = array("EVALSHA", sha, "0") + "*4\r\n$4\r\nEVAL\r\n$" + acquire.length + "\r\n"
				+ new String(acquire, StandardCharsets.ISO_8859_1) + "\r\n$1\r\n1\r\n$8\r\nlock:{k}\r\n"
				+ array("EVAL", "return 1", "0");

		List<@Nullable RedisCommand> commands = read(stream, 7);

		assertThat(commands).extracting(RedisCommand::script).containsExactly("renew-all", "acquire", null);
		assertThat(commands.get(1).firstKey()).isEqualTo("lock:{k}");
		assertThat(commands.get(1).describe()).isEqualTo("EVAL acquire.lua lock:{k}");
	}

	@Test
	void somethingRedisRefusesStopsTheReader() {
		CommandReader reader = new CommandReader();
		byte[] bytes = "*2\r\n:1\r\n".getBytes(StandardCharsets.US_ASCII);

		reader.read(bytes, 0, bytes.length, (command) -> {
			throw new AssertionError("no command expected");
		});

		assertThat(reader.isBroken()).isTrue();
	}

	private static String array(String... arguments) {
		StringBuilder array = new StringBuilder("*" + arguments.length + "\r\n");
		for (String argument : arguments) {
			array.append('$').append(argument.length()).append("\r\n").append(argument).append("\r\n");
		}
		return array.toString();
	}

	private static List<@Nullable RedisCommand> read(String stream, int chunk) {
		byte[] bytes = stream.getBytes(StandardCharsets.ISO_8859_1);
		CommandReader reader = new CommandReader();
		List<@Nullable RedisCommand> commands = new ArrayList<>();
		for (int start = 0; start < bytes.length; start += chunk) {
			reader.read(bytes, start, (int) Math.min((long) start + chunk, bytes.length), commands::add);
		}
		assertThat(reader.isBroken()).isFalse();
		return commands;
	}

}
