// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Function;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.ArrayOutput;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ClusterCommandExecutor;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnection;

/**
 * {@link NodeCommands} on the master of one Redis Cluster shard. A cluster connection
 * routes a script by its key but a keyless {@code WAIT} to any node, so both go to the
 * key's master over one connection.
 *
 * @author redis-lock contributors
 */
final class LettuceNodeCommands implements NodeCommands {

	private static final ProtocolKeyword WAITAOF = new ProtocolKeyword() {

		private final byte[] name = "WAITAOF".getBytes(StandardCharsets.US_ASCII);

		@Override
		public byte[] getBytes() {
			return this.name;
		}

		@Override
		public String toString() {
			return "WAITAOF";
		}

	};

	private final RedisClusterCommands<byte[], byte[]> node;

	private LettuceNodeCommands(RedisClusterCommands<byte[], byte[]> node) {
		this.node = node;
	}

	/** Run the commands on the master serving the key, over one connection. */
	static <T> @Nullable T onMasterOf(RedisClusterConnection connection, byte[] key,
			Function<NodeCommands, T> commands) {
		if (!(connection instanceof LettuceClusterConnection lettuce)) {
			throw new IllegalStateException("Replica acknowledgement on Redis Cluster needs Lettuce, not "
					+ connection.getClass().getName() + ": unset redis-lock.replica-ack.replicas or use Lettuce");
		}
		RedisClusterNode master = connection.clusterGetNodeForKey(key);
		ClusterCommandExecutor.ClusterCommandCallback<RedisClusterCommands<byte[], byte[]>, T> callback = (
				node) -> commands.apply(new LettuceNodeCommands(node));
		return lettuce.getClusterCommandExecutor().executeCommandOnSingleNode(callback, master).getValue();
	}

	/** Sends a command replying with integers over a {@link LettuceConnection}. */
	static @Nullable Object execute(RedisConnection connection, String command, byte[]... args) {
		CommandOutput<byte[], byte[], ?> output = command.equals("WAITAOF") ? new ArrayOutput<>(ByteArrayCodec.INSTANCE)
				: new IntegerOutput<>(ByteArrayCodec.INSTANCE);
		return ((LettuceConnection) connection).execute(command, output, args);
	}

	@Override
	public long runScript(LuaScript script, int numKeys, byte[]... keysAndArgs) {
		byte[][] keys = Arrays.copyOfRange(keysAndArgs, 0, numKeys);
		byte[][] args = Arrays.copyOfRange(keysAndArgs, numKeys, keysAndArgs.length);
		try {
			return ConnectionCommands.toLong(this.node.evalsha(script.sha1(), ScriptOutputType.INTEGER, keys, args));
		}
		catch (RuntimeException ex) {
			if (!LuaScript.isNoScript(ex)) {
				throw ex;
			}
			return ConnectionCommands.toLong(this.node.eval(script.source(), ScriptOutputType.INTEGER, keys, args));
		}
	}

	@Override
	public long waitForReplicas(int replicas, long timeoutMillis) {
		return this.node.waitForReplication(replicas, timeoutMillis);
	}

	@Override
	public long[] waitForAppendOnlyFiles(int replicas, long timeoutMillis) {
		CommandArgs<byte[], byte[]> args = new CommandArgs<>(ByteArrayCodec.INSTANCE).add(1)
			.add(replicas)
			.add(timeoutMillis);
		return ConnectionCommands
			.appendOnlyCounts(this.node.dispatch(WAITAOF, new ArrayOutput<>(ByteArrayCodec.INSTANCE), args));
	}

}
