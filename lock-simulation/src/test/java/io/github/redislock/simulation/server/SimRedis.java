// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.ToLongBiFunction;

import org.jspecify.annotations.Nullable;

/**
 * One simulated Redis server: its keys, expiring by its own {@link ServerClock}, the
 * commands the lock scripts and store use with Redis 6.2's semantics, and the scripts
 * themselves, run unchanged by {@link LuaScripting}. A master passes every write on to
 * its replicas ({@link Replication}). It runs commands one at a time, as Redis does; the
 * network decides when they arrive.
 *
 * @author redis-lock contributors
 */
public final class SimRedis {

	private final String name;

	private final ServerClock clock;

	private final Keyspace keyspace;

	private final Map<String, Command> commands = new HashMap<>();

	private final LuaScripting scripting;

	private final Replication replication;

	private ToLongBiFunction<String, String> publisher = (channel, message) -> 0;

	private boolean inScript;

	/**
	 * The sources run by {@code EVAL} since the last restart, which {@code EVALSHA}
	 * finds; a replica runs none, as scripts replicate by their effects.
	 */
	private final Set<String> scriptCache = new LinkedHashSet<>();

	private @Nullable SplittableRandom scriptChurn;

	private java.util.function.BiConsumer<SimRedis, Set<String>> writeListener = (server, keys) -> {
	};

	public SimRedis(String name, ServerClock clock, Timers timers) {
		this.name = name;
		this.clock = clock;
		this.keyspace = new Keyspace(clock);
		StringCommands.register(this.commands);
		KeyCommands.register(this.commands);
		HashCommands.register(this.commands);
		SortedSetCommands.register(this.commands);
		ListCommands.register(this.commands);
		this.commands.put("PUBLISH", (keyspace, args) -> {
			Arguments.arity(args, 3);
			return this.publisher.applyAsLong(args.get(1), args.get(2));
		});
		this.commands.put("EVAL", (keyspace, args) -> evalCommand(args));
		this.scripting = new LuaScripting(this::runFromScript);
		this.replication = new Replication(this, timers);
	}

	public String name() {
		return this.name;
	}

	public ServerClock clock() {
		return this.clock;
	}

	public Replication replication() {
		return this.replication;
	}

	/** Where {@code PUBLISH} sends messages: returns how many subscribers got one. */
	public void publishTo(ToLongBiFunction<String, String> publisher) {
		this.publisher = publisher;
	}

	/**
	 * Runs one command sent by a client, arguments as ISO-8859-1 strings.
	 * @throws RedisError for an error reply
	 */
	public Object execute(List<String> args) {
		try {
			return run(args);
		}
		finally {
			written();
		}
	}

	private void written() {
		Set<String> written = this.keyspace.drainWritten();
		if (!written.isEmpty()) {
			this.writeListener.accept(this, written);
			this.replication.propagate(written);
		}
	}

	/** Told of the keys each command or script wrote or deleted. */
	public void onWrite(java.util.function.BiConsumer<SimRedis, Set<String>> listener) {
		this.writeListener = listener;
	}

	/** The key's string value if it has one and has not expired; changes nothing. */
	public String peek(String key) {
		Entry entry = this.keyspace.raw(key);
		if (entry == null || (entry.expireAt != Entry.PERSISTENT && this.clock.millis() > entry.expireAt)
				|| !(entry.value instanceof String value)) {
			return null;
		}
		return value;
	}

	/**
	 * The key's expiry in this server's milliseconds: -2 if it is missing or expired, -1
	 * if it has none; changes nothing.
	 */
	public long expireAt(String key) {
		Entry entry = this.keyspace.raw(key);
		if (entry == null || (entry.expireAt != Entry.PERSISTENT && this.clock.millis() > entry.expireAt)) {
			return -2;
		}
		return entry.expireAt;
	}

	/**
	 * Runs a script, as {@code EVAL} does.
	 * @throws RedisError for an error reply
	 */
	public Object eval(String source, List<String> keys, List<String> args) {
		try {
			this.inScript = true;
			return this.scripting.eval(source, keys, args);
		}
		finally {
			this.inScript = false;
			written();
		}
	}

	/**
	 * Runs a script, as {@code EVAL} does, with its keys and arguments as a client sends
	 * them, the first {@code numKeys} the keys.
	 * @throws RedisError for an error reply
	 */
	public Object eval(String source, byte[][] keysAndArgs, int numKeys) {
		this.scriptCache.add(source);
		if (this.scriptChurn != null) {
			List<String> cached = List.copyOf(this.scriptCache);
			this.scriptCache.remove(cached.get(this.scriptChurn.nextInt(cached.size())));
		}
		try {
			this.inScript = true;
			return this.scripting.eval(source, keysAndArgs, numKeys);
		}
		finally {
			this.inScript = false;
			written();
		}
	}

	/**
	 * Runs a script known from an earlier {@code EVAL}, as {@code EVALSHA} does: one this
	 * server has not run since it started is refused with {@code NOSCRIPT}.
	 * @throws RedisError for an error reply
	 */
	public Object evalSha(String source, byte[][] keysAndArgs, int numKeys) {
		if (!this.scriptCache.contains(source)) {
			throw new RedisError("NOSCRIPT No matching script. Please use EVAL.");
		}
		return eval(source, keysAndArgs, numKeys);
	}

	private Object evalCommand(List<String> args) {
		Arguments.arity(args, -3);
		if (this.inScript) {
			throw new RedisError("ERR This Redis command is not allowed from scripts");
		}
		long numKeys = Arguments.integer(args.get(2));
		if (numKeys < 0 || numKeys > args.size() - 3) {
			throw new RedisError((numKeys < 0) ? "ERR Number of keys can't be negative"
					: "ERR Number of keys can't be greater than number of args");
		}
		int split = 3 + (int) numKeys;
		return eval(args.get(1), args.subList(3, split), args.subList(split, args.size()));
	}

	/** As Redis 6.2 words the errors a script's call gets before the command runs. */
	private Object runFromScript(List<String> args) {
		Command command = command(args.get(0));
		if (command == null) {
			throw new RedisError("Unknown Redis command called from Lua script");
		}
		try {
			return command.run(this.keyspace, args);
		}
		catch (RedisError ex) {
			if (ex.getMessage().startsWith("ERR wrong number of arguments")) {
				throw new RedisError("Wrong number of args calling Redis command From Lua script");
			}
			throw ex;
		}
	}

	private Object run(List<String> args) {
		if (args.isEmpty()) {
			throw new RedisError("ERR unknown command ''");
		}
		Command command = command(args.get(0));
		if (command == null) {
			throw new RedisError("ERR unknown command '" + args.get(0) + "'");
		}
		return command.run(this.keyspace, args);
	}

	/** The command of that name in any case; the scripts write them in capitals. */
	private Command command(String name) {
		Command command = this.commands.get(name);
		return (command != null) ? command : this.commands.get(name.toUpperCase(Locale.ROOT));
	}

	/**
	 * Deletes the key as Redis evicts one under its memory limit with an
	 * {@code allkeys-*} policy: the replicas are told as of a {@code DEL}.
	 */
	public boolean evict(String key) {
		try {
			return this.keyspace.delete(key);
		}
		finally {
			written();
		}
	}

	/**
	 * Forgets a script run before, as Redis 7.4 evicts scripts that {@code EVAL} loaded
	 * once it holds 500 of them, or as {@code SCRIPT FLUSH} does.
	 */
	public void forgetScript(String source) {
		this.scriptCache.remove(source);
	}

	/**
	 * Churns the server's script cache, as other applications' scripts churn a shared
	 * Redis 7.4 or later, which evicts scripts that {@code EVAL} loaded: each script run
	 * evicts one cached script, chosen by {@code churn}, so that some lock scripts are
	 * known and others not. {@code null} stops it.
	 */
	public void churnScriptCache(@Nullable SplittableRandom churn) {
		this.scriptChurn = churn;
	}

	/** A restart without persistence: every key is gone. */
	public void clear() {
		this.keyspace.clear();
		this.scriptCache.clear();
	}

	/** Every key not expired by this server's clock, with its type, value and TTL. */
	public TreeMap<String, String> dump() {
		TreeMap<String, String> dump = new TreeMap<>();
		long now = this.clock.millis();
		this.keyspace.live()
			.forEach((key, entry) -> dump.put(key, entry.type() + " " + render(entry.value)
					+ ((entry.expireAt == Entry.PERSISTENT) ? " persistent" : " ttl=" + (entry.expireAt - now))));
		return dump;
	}

	/** Keys not expired by this server's clock that have no expiry. */
	public List<String> persistentKeys() {
		List<String> keys = new ArrayList<>();
		this.keyspace.live().forEach((key, entry) -> {
			if (entry.expireAt == Entry.PERSISTENT) {
				keys.add(key);
			}
		});
		return keys;
	}

	/**
	 * The members of a sorted set in the order {@code ZPOPMIN} takes them, each with its
	 * field of a hash ({@code null} if it has none) and its score; changes nothing.
	 */
	public List<String[]> queued(String queueKey, String hashKey) {
		List<String[]> queued = new ArrayList<>();
		Entry queue = this.keyspace.raw(queueKey);
		if (queue == null || !(queue.value instanceof SortedSet set)
				|| (queue.expireAt != Entry.PERSISTENT && this.clock.millis() > queue.expireAt)) {
			return queued;
		}
		Entry hash = this.keyspace.raw(hashKey);
		Map<?, ?> fields = (hash != null && hash.value instanceof Map<?, ?> map
				&& (hash.expireAt == Entry.PERSISTENT || this.clock.millis() <= hash.expireAt)) ? map : Map.of();
		set.members()
			.forEach((member) -> queued.add(new String[] { member.name(), (String) fields.get(member.name()),
					Double.toString(member.score()) }));
		return queued;
	}

	/** Keys not expired by this server's clock. */
	public Set<String> liveKeys() {
		return this.keyspace.live().keySet();
	}

	private static String render(Object value) {
		if (value instanceof SortedSet set) {
			StringBuilder text = new StringBuilder("[");
			set.members()
				.forEach((member) -> text.append(member.name()).append('=').append(member.score()).append(' '));
			return text.append(']').toString();
		}
		return String.valueOf(value);
	}

	Keyspace keyspace() {
		return this.keyspace;
	}

	@Override
	public String toString() {
		return this.name;
	}

}
