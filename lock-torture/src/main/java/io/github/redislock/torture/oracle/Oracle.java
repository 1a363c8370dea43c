// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.oracle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The record of every critical section, kept in a {@code redis-server} that no fault ever
 * touches. Each change is one Lua script, so that the oracle's own view is atomic and its
 * global sequence orders events across processes without trusting their clocks.
 * <p>
 * It is longer than 300 lines because it is the one client of the oracle: every step of a
 * section and every read of the summary goes through it, each a few lines with javadoc.
 *
 * @author redis-lock contributors
 */
public final class Oracle implements AutoCloseable {

	private static final String SEQUENCE = "sequence";

	private static final String EVENTS = "events";

	private static final String COUNTS = "counts";

	private static final String REPORTED = "reported";

	private static final Duration ORACLE_TIMEOUT = Duration.ofSeconds(10);

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	private final RedisAsyncCommands<String, String> async;

	private final String enter;

	private final String write;

	private final String fencedWrite;

	private final String exit;

	private final String evict;

	private final String report;

	/**
	 * Connect to the oracle.
	 * @param port the oracle's port on loopback
	 */
	public Oracle(int port) {
		this.client = RedisClient.create(
				RedisURI.builder().withHost("127.0.0.1").withPort(port).withTimeout(Duration.ofSeconds(10)).build());
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
		this.async = this.connection.async();
		this.enter = load("enter");
		this.write = load("write");
		this.fencedWrite = load("fenced-write");
		this.exit = load("exit");
		this.evict = load("evict");
		this.report = load("report");
	}

	private String load(String name) {
		try (InputStream in = Oracle.class.getResourceAsStream(name + ".lua")) {
			if (in == null) {
				throw new IllegalStateException("No oracle script " + name + ".lua");
			}
			return this.redis.scriptLoad(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Record that a holder entered its critical section, showing its fencing token to the
	 * guarded resource.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param token the holder's fencing token
	 * @param askedAt the {@link #sequence()} before the holder asked for the lock: a
	 * holder that entered before it was granted before this one, so a larger token of
	 * such a holder is a token gone backwards, not a stale holder
	 * @return {@code 0} when the resource accepted the token, else the larger token it
	 * holds
	 */
	public long enter(String lock, String holder, long token, long askedAt) {
		return await(this.async.evalsha(
				this.enter, ScriptOutputType.INTEGER, new String[] { occupants(lock), guard(lock), latest(lock),
						SEQUENCE, EVENTS, COUNTS, guardEntered(lock) },
				lock, holder, Long.toString(token), Long.toString(askedAt)));
	}

	/**
	 * Return the global sequence now, without taking a number.
	 * @return the last sequence number taken
	 */
	public long sequence() {
		return parse(await(this.async.get(SEQUENCE)));
	}

	/**
	 * Read the lock's counter, the first half of a read-wait-write.
	 * @param lock the lock name
	 * @return the counter, {@code "0"} when it was never written
	 */
	public String read(String lock) {
		String value = await(this.async.get(counter(lock)));
		return (value != null) ? value : "0";
	}

	/**
	 * Write the counter read before plus one, recording a lost update if it changed
	 * since.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param read what {@link #read(String)} returned
	 * @return whether the write was clean
	 */
	public boolean write(String lock, String holder, String read) {
		long clean = await(this.async.evalsha(this.write, ScriptOutputType.INTEGER,
				new String[] { counter(lock), "writes:" + lock, SEQUENCE, EVENTS, COUNTS }, lock, holder, read));
		return clean == 1;
	}

	/**
	 * Write to the guarded resource with a fencing token.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param token the holder's fencing token
	 * @return whether the guard accepted the write
	 */
	public boolean fencedWrite(String lock, String holder, long token) {
		long accepted = await(this.async.evalsha(this.fencedWrite, ScriptOutputType.INTEGER,
				new String[] { guard(lock), latest(lock), SEQUENCE, EVENTS, COUNTS }, lock, holder,
				Long.toString(token)));
		return accepted == 1;
	}

	/**
	 * Record that a holder left its critical section.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param completed whether the section ran to its end
	 */
	public void exit(String lock, String holder, boolean completed) {
		await(this.async.evalsha(this.exit, ScriptOutputType.INTEGER, new String[] { occupants(lock), COUNTS }, holder,
				completed ? "1" : "0"));
	}

	/**
	 * Record that a holder was told its lease was lost.
	 * @param lock the lock name
	 * @param token the holder's fencing token
	 * @param how {@code "signal"} for the lost-lease signal, {@code "release"} for the
	 * release's exception
	 */
	public void reportLost(String lock, long token, String how) {
		await(this.async.evalsha(this.report, ScriptOutputType.INTEGER,
				new String[] { REPORTED, SEQUENCE, EVENTS, COUNTS }, lock, Long.toString(token), how));
	}

	/**
	 * Take every holder of a dead worker out of the locks' occupants.
	 * @param worker the worker id
	 * @param locks the lock names
	 * @return how many holders were taken out
	 */
	public long evict(String worker, List<String> locks) {
		List<String> keys = new ArrayList<>(List.of(SEQUENCE, EVENTS));
		locks.forEach((lock) -> keys.add(occupants(lock)));
		return await(
				this.async.evalsha(this.evict, ScriptOutputType.INTEGER, keys.toArray(String[]::new), worker + "/"));
	}

	/**
	 * Take the next number of the global sequence, to place an event of the supervisor
	 * among the holders'.
	 * @return the sequence number
	 */
	public long nextSequence() {
		return await(this.async.incr(SEQUENCE));
	}

	/**
	 * Append an event of the supervisor.
	 * @param kind the event's kind
	 * @param details the rest of the line
	 * @return the event's sequence number
	 */
	public long record(String kind, String details) {
		long seq = nextSequence();
		await(this.async.rpush(EVENTS, seq + " " + kind + " " + details));
		return seq;
	}

	/**
	 * Record an acquisition that took longer than its wait time and a command timeout.
	 * @param line {@code '<worker> <start ms> <end ms> <elapsed ms> <lock>'}, wall clock
	 */
	public void recordLate(String line) {
		await(this.async.rpush("late", line));
	}

	/**
	 * Return the holders inside a lock's critical section now.
	 * @param lock the lock name
	 * @return holder id to {@code '<fencing token> <entry sequence>'}
	 */
	public Map<String, String> occupantsOf(String lock) {
		return await(this.async.hgetall(occupants(lock)));
	}

	/**
	 * Return every event recorded so far, in order.
	 * @return the event lines
	 */
	public List<String> events() {
		return await(this.async.lrange(EVENTS, 0, -1));
	}

	/**
	 * Return the totals.
	 * @return the counts by name
	 */
	public Map<String, String> counts() {
		return await(this.async.hgetall(COUNTS));
	}

	/**
	 * Return the holders told that their lease was lost.
	 * @return {@code '<lock> <fencing token>'} of each
	 */
	public Set<String> reported() {
		return await(this.async.smembers(REPORTED));
	}

	/**
	 * Return a lock's counter and how many increments were written to it.
	 * @param lock the lock name
	 * @return the counter and the writes
	 */
	public long[] counterAndWrites(String lock) {
		return new long[] { Long.parseLong(read(lock)), parse(await(this.async.get("writes:" + lock))) };
	}

	/**
	 * Add to a total.
	 * @param name the total's name
	 * @param amount how much to add
	 */
	public void count(String name, long amount) {
		await(this.async.hincrby(COUNTS, name, amount));
	}

	/**
	 * Return direct access to the oracle, for the worker's control queue.
	 * @return the commands of this connection
	 */
	public RedisCommands<String, String> commands() {
		return this.redis;
	}

	/**
	 * Open a separate connection, for commands that block.
	 * @return the connection's commands
	 */
	public StatefulRedisConnection<String, String> connect() {
		return this.client.connect();
	}

	/**
	 * Wait for an oracle command without letting an interrupt cut it short: the torture
	 * interrupts holders on purpose, and the oracle's record must not depend on where the
	 * interrupt lands. The interrupt is kept for the caller.
	 */
	private static <T> T await(RedisFuture<T> future) {
		long deadline = System.nanoTime() + ORACLE_TIMEOUT.toNanos();
		boolean interrupted = false;
		try {
			while (true) {
				try {
					return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
				catch (ExecutionException ex) {
					throw new IllegalStateException("The oracle failed: " + ex.getCause().getMessage(), ex.getCause());
				}
				catch (TimeoutException ex) {
					throw new IllegalStateException("The oracle did not answer within " + ORACLE_TIMEOUT, ex);
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private static long parse(String value) {
		return (value != null) ? Long.parseLong(value) : 0;
	}

	private static String occupants(String lock) {
		return "occupants:" + lock;
	}

	private static String guard(String lock) {
		return "guard:" + lock;
	}

	private static String guardEntered(String lock) {
		return "guard-entered:" + lock;
	}

	private static String latest(String lock) {
		return "latest:" + lock;
	}

	private static String counter(String lock) {
		return "counter:" + lock;
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

}
