// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A second JVM on the same class path, driven over its standard input and output with the
 * line protocol of {@link ChildMain}. Lines it prints without the protocol prefix are
 * passed on to this JVM's standard error.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ChildJvm implements AutoCloseable {

	static final String PREFIX = "@@ ";

	private final Process process;

	private final PrintWriter input;

	private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();

	private ChildJvm(Process process) {
		this.process = process;
		this.input = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
		Thread reader = new Thread(this::readReplies, "bench-child-reader");
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Launch the child and wait until it is connected.
	 * @param port the Redis port
	 * @param systemProperties more {@code -D} arguments
	 * @return the running child
	 */
	static ChildJvm start(int port, List<String> systemProperties)
			throws IOException, TimeoutException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
			if (!argument.startsWith("-XX:StartFlightRecording") && !argument.startsWith("-XX:FlightRecorderOptions")
					&& !argument.startsWith("-agent") && !argument.startsWith("-javaagent")) {
				command.add(argument);
			}
		}
		command.addAll(systemProperties);
		String classPath = System.getProperty("java.class.path");
		if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)) {
			command.addAll(List.of("-jar", classPath));
		}
		else {
			command.addAll(List.of("-cp", classPath, BenchmarkMain.class.getName()));
		}
		command.addAll(List.of(ChildMain.COMMAND, Integer.toString(port)));
		Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
		ChildJvm child = new ChildJvm(process);
		child.await(Duration.ofSeconds(60));
		return child;
	}

	private void readReplies() {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				if (line.startsWith(PREFIX)) {
					this.replies.add(line.substring(PREFIX.length()));
				}
				else {
					System.err.println("[child] " + line);
				}
			}
		}
		catch (IOException ex) {
			// the child is gone; await() times out
		}
	}

	/**
	 * Send a command without waiting for its reply.
	 * @param command the command line
	 */
	void send(String command) {
		this.input.println(command);
	}

	/**
	 * Send a command and wait for its reply.
	 * @param command the command line
	 * @param timeout how long to wait
	 * @return the reply
	 */
	String request(String command, Duration timeout) throws TimeoutException, InterruptedException {
		send(command);
		return await(timeout);
	}

	/**
	 * Wait for the next reply.
	 * @param timeout how long to wait
	 * @return the reply
	 * @throws IllegalStateException if the child reported an error
	 */
	String await(Duration timeout) throws TimeoutException, InterruptedException {
		String reply = this.replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (reply == null) {
			throw new TimeoutException("No reply from the child JVM within " + timeout
					+ (this.process.isAlive() ? "" : "; it exited with " + this.process.exitValue()));
		}
		if (reply.startsWith(ChildMain.ERROR)) {
			throw new IllegalStateException("Child JVM: " + reply.substring(ChildMain.ERROR.length()));
		}
		return reply;
	}

	@Override
	public void close() throws InterruptedException {
		send(ChildMain.QUIT);
		if (!this.process.waitFor(15, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}
