// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A fault's predicate sees which lock operation a command is: the engine's scripts are
 * named whether they run by SHA or by source, and its first acquisition attempt is a
 * plain {@code SET NX}.
 *
 * @author redis-lock contributors
 */
class LockOperationsNamedTests extends FaultProxyTestSupport {

	@Test
	void anEvalshaOfReleaseLuaIsTheReleaseScript() throws Exception {
		RedisCommands<String, String> commands = connect(ProtocolVersion.RESP3).sync();
		String sha = commands.scriptLoad(LockScripts.source("release"));
		List<RedisCommand> seen = new CopyOnWriteArrayList<>();
		CompletableFuture<String> delayed = this.proxy.delayNextReply((command) -> {
			seen.add(command);
			return command.isScript("release");
		}, Duration.ZERO);

		commands.evalsha(sha, ScriptOutputType.INTEGER,
				new String[] { "lock:{k}", "lock:{k}:waiters", "lock:{k}:queue" }, "owner", "lock:{k}:released", "0");

		assertThat(delayed.get(5, TimeUnit.SECONDS))
			.isEqualTo("EVALSHA release.lua lock:{k} lock:{k}:waiters lock:{k}:queue");
		RedisCommand release = seen.get(seen.size() - 1);
		assertThat(release.name()).isEqualTo("EVALSHA");
		assertThat(release.script()).isEqualTo("release");
		assertThat(release.firstKey()).isEqualTo("lock:{k}");
		assertThat(release.arguments()).containsExactly(sha, "3", "lock:{k}", "lock:{k}:waiters", "lock:{k}:queue",
				"owner", "lock:{k}:released", "0");
	}

	@Test
	void aSetIfAbsentIsTheFirstAcquisitionAttemptAndOtherCommandsRunNoScript() throws Exception {
		RedisCommands<String, String> commands = connect(ProtocolVersion.RESP2).sync();
		List<RedisCommand> seen = new CopyOnWriteArrayList<>();
		CompletableFuture<String> delayed = this.proxy.delayNextReply((command) -> {
			seen.add(command);
			return command.isSetIfAbsent();
		}, Duration.ZERO);

		commands.set("plain", "v");
		commands.eval("return redis.call('EXISTS', KEYS[1])", ScriptOutputType.INTEGER, "lock:{k}");
		commands.set("lock:{k}", "owner", SetArgs.Builder.nx().px(30_000));

		assertThat(delayed.get(5, TimeUnit.SECONDS)).isEqualTo("SET lock:{k}");
		assertThat(seen).filteredOn((command) -> !command.name().equals("HELLO"))
			.extracting(RedisCommand::name, RedisCommand::script, RedisCommand::isSetIfAbsent)
			.containsExactly(tuple("SET", null, false), tuple("EVAL", null, false), tuple("SET", null, true));
	}

}
