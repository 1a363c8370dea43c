// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The second JVM of the cross-JVM scenarios. It reads one command per line and answers
 * each with a line starting with {@link ChildJvm#PREFIX}:
 * <ul>
 * <li>{@code nanos}: its {@link System#nanoTime()}, to check that both JVMs share the
 * clock;</li>
 * <li>{@code open ID}: create the contender;</li>
 * <li>{@code loop ID THREADS KEY COUNTER START_NANOS MILLIS}: run {@link LockLoop} on one
 * hot key (or one key per thread when {@code COUNTER} is {@code -}); answers
 * {@code loop OPS MAX_LATENCY_NANOS FAILURE};</li>
 * <li>{@code wait ID KEY}: answer {@code waiting}, then lock and answer
 * {@code acquired NANOS} with the instant of acquisition;</li>
 * <li>{@code quit}.</li>
 * </ul>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ChildMain {

	static final String COMMAND = "child";

	static final String ERROR = "error ";

	static final String QUIT = "quit";

	private final PrintStream out;

	private final int port;

	private final Map<String, Contender> contenders = new HashMap<>();

	private ChildMain(PrintStream out, int port) {
		this.out = out;
		this.port = port;
	}

	static void main(int port) throws Exception {
		PrintStream protocol = System.out;
		// Anything a library prints must not be taken for a reply.
		System.setOut(System.err);
		new ChildMain(protocol, port).serve();
	}

	private void serve() throws Exception {
		try (Counter counter = new Counter(this.port);
				BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
			reply("ready");
			for (String line = in.readLine(); line != null && !QUIT.equals(line); line = in.readLine()) {
				try {
					handle(line.split(" "), counter);
				}
				catch (Exception ex) {
					reply(ERROR + String.valueOf(ex).replace('\n', ' '));
				}
			}
		}
		finally {
			for (Contender contender : this.contenders.values()) {
				contender.close();
			}
		}
	}

	private void handle(String[] command, Counter counter) throws Exception {
		switch (command[0]) {
			case "nanos" -> reply("nanos " + System.nanoTime());
			case "open" -> {
				contender(command[1]);
				reply("opened");
			}
			case "loop" -> {
				Contender contender = contender(command[1]);
				int threads = Integer.parseInt(command[2]);
				String key = command[3];
				boolean hot = !"-".equals(command[4]);
				LockLoop.Result result = LockLoop.run(contender, threads, (t) -> hot ? key : key + ":" + t,
						hot ? counter.increment(command[4]) : () -> {
						}, Long.parseLong(command[5]), Duration.ofMillis(Long.parseLong(command[6])));
				String failure = (result.failure() != null) ? String.valueOf(result.failure()).replace('\n', ' ') : "-";
				reply("loop " + result.total() + " " + result.maxLatency() + " " + failure);
			}
			case "wait" -> {
				Contender contender = contender(command[1]);
				long[] acquiredAt = new long[1];
				reply("waiting");
				contender.locked(command[2], () -> acquiredAt[0] = System.nanoTime());
				reply("acquired " + acquiredAt[0]);
			}
			default -> throw new IllegalArgumentException("Unknown command " + command[0]);
		}
	}

	private Contender contender(String id) {
		return this.contenders.computeIfAbsent(id, (key) -> Contenders.create(key, this.port));
	}

	private void reply(String line) {
		this.out.println(ChildJvm.PREFIX + line);
		this.out.flush();
	}

}
