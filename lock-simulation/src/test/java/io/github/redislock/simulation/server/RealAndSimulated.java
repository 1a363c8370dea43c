// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.redislock.testsupport.RedisNode;
import redis.clients.jedis.exceptions.JedisDataException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sends each command to a real redis-server and to a {@link SimRedis} whose clock is the
 * machine's, and asserts that both reply the same: replies exactly, times within a
 * tolerance, errors by their code (a script error by the error inside it). The two run
 * each command at times apart by as long as the real server takes to answer, which a busy
 * machine stretches: times in milliseconds may differ by that much more.
 *
 * @author redis-lock contributors
 */
final class RealAndSimulated {

	private final RedisNode real;

	private final SimRedis simulated;

	/**
	 * The longest time, in whole milliseconds, from sending a command to the real server
	 * to running it on the simulated one.
	 */
	private long slowestPairMillis;

	RealAndSimulated(RedisNode real) {
		this.real = real;
		this.simulated = new SimRedis("simulated",
				new ServerClock(() -> System.currentTimeMillis() * 1_000_000L - ServerClock.EPOCH_NANOS, 0),
				new Timers() {
					@Override
					public long nanos() {
						return 0;
					}

					@Override
					public void schedule(long delayNanos, String what, Runnable task) {
						throw new UnsupportedOperationException("No replicas here");
					}
				});
		real.command("FLUSHALL");
	}

	/** Both reply the same; returns the reply. */
	Object same(String... command) {
		Object[] replies = both(command);
		assertThat(replies[1]).as("reply to %s", Arrays.toString(command)).isEqualTo(replies[0]);
		return replies[0];
	}

	/**
	 * Both reply a time in milliseconds (a TTL, or a reply made of one), no further apart
	 * than 50 ms and the longest time a command took to reach both.
	 */
	long closeMillis(String... command) {
		Object[] replies = both(command);
		return close(50 + this.slowestPairMillis, replies[0], replies[1], command);
	}

	/**
	 * Both reply the same lock key value but for the number after {@code #} that names a
	 * grant (the server's time in microseconds), no further apart than the commands took
	 * to reach both and two seconds; returns each side's owner token, real first.
	 */
	String[] sameGrant(String... command) {
		Object[] replies = both(command);
		String[] tokens = new String[2];
		long[] grants = new long[2];
		for (int side = 0; side < 2; side++) {
			String value = String.valueOf(replies[side]);
			java.util.regex.Matcher grant = java.util.regex.Pattern.compile("^[^ #]+#(\\d+)").matcher(value);
			assertThat(grant.find()).as("a grant in reply to %s: %s", Arrays.toString(command), value).isTrue();
			tokens[side] = grant.group();
			grants[side] = Long.parseLong(grant.group(1));
			replies[side] = value.substring(0, grant.start(1)) + value.substring(grant.end(1));
		}
		assertThat(replies[1]).as("reply to %s", Arrays.toString(command)).isEqualTo(replies[0]);
		assertThat(grants[1]).as("grant in reply to %s", Arrays.toString(command))
			.isCloseTo(grants[0], org.assertj.core.data.Offset.offset(2_000_000 + this.slowestPairMillis * 1000));
		return tokens;
	}

	/** Both reply a number, no further apart than the tolerance. */
	long close(long tolerance, String... command) {
		Object[] replies = both(command);
		return close(tolerance, replies[0], replies[1], command);
	}

	private Object[] both(String... command) {
		long started = System.nanoTime();
		Object real = real(command);
		Object simulated = simulated(command);
		long millis = (System.nanoTime() - started + 999_999) / 1_000_000;
		this.slowestPairMillis = Math.max(this.slowestPairMillis, millis);
		return new Object[] { real, simulated };
	}

	private static long close(long tolerance, Object real, Object simulated, String... command) {
		assertThat(real).as("real reply to %s", Arrays.toString(command)).isInstanceOf(Long.class);
		assertThat(simulated).as("simulated reply to %s", Arrays.toString(command)).isInstanceOf(Long.class);
		assertThat((Long) simulated).as("reply to %s", Arrays.toString(command))
			.isCloseTo((Long) real, org.assertj.core.data.Offset.offset(tolerance));
		return (Long) real;
	}

	/** Both reply a string holding a number, no further apart than the tolerance. */
	void closeNumber(double tolerance, String... command) {
		Object[] replies = both(command);
		assertThat(Double.parseDouble(String.valueOf(replies[1]))).as("reply to %s", Arrays.toString(command))
			.isCloseTo(Double.parseDouble(String.valueOf(replies[0])), org.assertj.core.data.Offset.offset(tolerance));
	}

	Object real(String... command) {
		try {
			return normalized(this.real.command(command));
		}
		catch (JedisDataException ex) {
			return error(ex.getMessage());
		}
	}

	Object simulated(String... command) {
		List<String> args = new ArrayList<>(command.length);
		for (String arg : command) {
			args.add(new String(arg.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
		}
		try {
			return normalized(this.simulated.execute(args));
		}
		catch (RedisError ex) {
			return error(ex.getMessage());
		}
	}

	private static Object normalized(Object reply) {
		if (reply instanceof Status status) {
			return status.text();
		}
		if (reply instanceof String text && !text.chars().allMatch((c) -> c < 128)) {
			return new String(text.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
		}
		if (reply instanceof List<?> list) {
			List<Object> elements = new ArrayList<>(list.size());
			list.forEach((element) -> elements.add(normalized(element)));
			return elements;
		}
		return reply;
	}

	/**
	 * The message, but of a script error only the error inside: Redis words the rest its
	 * own way.
	 */
	private static String error(String message) {
		if (message.contains("Error running script")) {
			return "(error) script " + message.substring(message.lastIndexOf(": ") + 2).split(" ", 2)[0];
		}
		return "(error) " + message;
	}

}
