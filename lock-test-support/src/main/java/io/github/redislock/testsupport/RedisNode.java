// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.SafeEncoder;

import static org.awaitility.Awaitility.await;

/**
 * One redis-server process (data node or sentinel) on a free loopback port, with the
 * faults a distributed lock has to survive: {@link #stop() stop}, {@link #kill() kill},
 * {@link #pause() pause}, {@link #resume() resume} and {@link #restart() restart}.
 * <p>
 * Each node has its own directory holding its configuration file (so that
 * {@code CONFIG REWRITE}, sentinel and cluster state survive a restart, as they would in
 * production) and its log. The port never changes after the first successful start, so
 * clients can reconnect after a restart. Fixed settings are passed on the command line:
 * {@code --bind 127.0.0.1 --save "" --appendonly no --protected-mode no --daemonize no}.
 * <p>
 * A data node may run with its wall clock offset from the machine's (see
 * {@link #clockOffset()}), for clock-skew tests: its {@code TIME}, key expiry and
 * {@code PXAT} arithmetic follow the offset clock, its monotonic clock does not.
 * <p>
 * Nodes are created by {@link RedisFixture}; closing the node (or the fixture) stops the
 * process and deletes the directory.
 * <p>
 * Longer than this project's classes should be, on purpose: starting (with retries when
 * the port is taken), the signals, restarting, reading the log and sending commands all
 * change or read one process's state (its port, process, watchdog, paused and closed
 * flags) under one monitor, and a split would hand that state between classes that each
 * must keep it consistent. Everything that is not about one process (binaries, ports,
 * groups, clusters, orphan cleanup) is in classes of its own.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisNode implements AutoCloseable {

	/**
	 * The only interface servers listen on.
	 */
	public static final String HOST = "127.0.0.1";

	private static final Logger logger = LoggerFactory.getLogger(RedisNode.class);

	private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);

	private static final int START_ATTEMPTS = 5;

	/**
	 * How far a node's {@code TIME} may stray from the offset it was started with: the
	 * round trip and a loaded machine, never a second.
	 */
	private static final Duration CLOCK_OFFSET_TOLERANCE = Duration.ofSeconds(1);

	/**
	 * What a node runs as: a data node (standalone master, replica or cluster node) or a
	 * Redis Sentinel, started with {@code --sentinel}.
	 */
	enum Mode {

		SERVER, SENTINEL

	}

	private final String name;

	private final Mode mode;

	private final RedisBinary binary;

	private final List<String> initialConfig;

	private final boolean clusterBus;

	private volatile Duration clockOffset;

	private final Path directory;

	private final Path configFile;

	private final Path logFile;

	private volatile int port;

	private volatile @Nullable Process process;

	private volatile @Nullable OrphanWatchdog watchdog;

	private volatile boolean paused;

	private volatile boolean closed;

	private long logOffset;

	RedisNode(String name, Mode mode, RedisBinary binary, List<String> config, boolean clusterBus,
			Duration clockOffset) {
		this.name = name;
		this.mode = mode;
		this.binary = binary;
		this.initialConfig = List.copyOf(config);
		this.clusterBus = clusterBus;
		this.clockOffset = clockOffset;
		this.directory = FixtureTempDirs.newDirectory(name);
		this.configFile = this.directory.resolve((mode == Mode.SENTINEL) ? "sentinel.conf" : "redis.conf");
		this.logFile = this.directory.resolve("redis.log");
		this.port = FreePorts.reserve(clusterBus);
		writeInitialConfig();
		LiveNodes.register(this);
	}

	/**
	 * Start several nodes at once: launch every process, then wait for each, moving a
	 * node to another port if its port was taken in the meantime.
	 * @param nodes the nodes, never started before
	 */
	static void startAll(List<RedisNode> nodes) {
		for (RedisNode node : nodes) {
			node.launch();
		}
		for (RedisNode node : nodes) {
			node.awaitFirstStart();
		}
	}

	/**
	 * Return the binary this node runs.
	 * @return the binary
	 */
	public RedisBinary binary() {
		return this.binary;
	}

	/**
	 * Return the host, always {@value #HOST}.
	 * @return the host
	 */
	public String host() {
		return HOST;
	}

	/**
	 * Return the port, stable across restarts.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Return {@code host:port}, as client configurations list nodes.
	 * @return the address
	 */
	public String address() {
		return HOST + ":" + this.port;
	}

	/**
	 * Return the pid of the current process, which changes on restart.
	 * @return the pid
	 * @throws IllegalStateException if the node never started
	 */
	public long pid() {
		Process current = this.process;
		if (current == null) {
			throw new IllegalStateException(this.name + " was never started");
		}
		return current.pid();
	}

	/**
	 * Return how far the server's wall clock is from the machine's: positive when it is
	 * ahead, negative when behind, zero for a node started without an offset. The offset
	 * is kept across restarts, and changed only by {@link #restart(Duration)}.
	 * @return the offset
	 */
	public Duration clockOffset() {
		return this.clockOffset;
	}

	/**
	 * Return the node's private directory.
	 * @return the directory, deleted on close
	 */
	public Path directory() {
		return this.directory;
	}

	/**
	 * Return whether the process is alive (paused or not).
	 * @return {@code true} if the process runs
	 */
	public boolean isRunning() {
		Process current = this.process;
		return current != null && current.isAlive();
	}

	/**
	 * Return whether the process is paused by {@link #pause()}.
	 * @return {@code true} if paused
	 */
	public boolean isPaused() {
		return this.paused && isRunning();
	}

	/**
	 * Run one command on a fresh Jedis connection, so that a test can look at the server
	 * behind the back of the client under test.
	 * @param args the command name and its arguments
	 * @return the reply: {@link String}, {@link Long}, a {@link List} of those, or
	 * {@code null}
	 * @throws redis.clients.jedis.exceptions.JedisDataException if the server answers
	 * with an error
	 * @throws redis.clients.jedis.exceptions.JedisConnectionException if the server
	 * cannot be reached or does not answer within 2 s
	 */
	public @Nullable Object command(String... args) {
		return command(COMMAND_TIMEOUT, args);
	}

	@Nullable Object command(Duration timeout, String... args) {
		try (Jedis jedis = connect(timeout)) {
			String name = args[0];
			return SafeEncoder.encodeObject(
					jedis.sendCommand(() -> SafeEncoder.encode(name), Arrays.copyOfRange(args, 1, args.length)));
		}
	}

	/**
	 * Run {@code INFO section} and parse the reply.
	 * @param section the INFO section, such as {@code replication}
	 * @return the fields
	 */
	public Map<String, String> info(String section) {
		return parseInfo(command("INFO", section));
	}

	/**
	 * Parse the {@code field:value} lines of an {@code INFO} or {@code CLUSTER INFO}
	 * reply, skipping section headers.
	 * @param reply the reply text
	 * @return the fields in reply order
	 */
	static Map<String, String> parseInfo(@Nullable Object reply) {
		Map<String, String> fields = new LinkedHashMap<>();
		for (String line : String.valueOf(reply).split("\r?\n")) {
			int colon = line.indexOf(':');
			if (!line.startsWith("#") && colon > 0) {
				fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return Collections.unmodifiableMap(fields);
	}

	/**
	 * Return the last lines of the node's log, for diagnostics.
	 * @param lines how many lines at most
	 * @return the log tail
	 */
	public String logTail(int lines) {
		try {
			List<String> all = Files.readAllLines(this.logFile, StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(no log: " + ex + ")";
		}
	}

	/**
	 * Stop gracefully: resume the process if it is paused (a stopped process ignores
	 * SIGTERM), send SIGTERM, and fall back to SIGKILL if it does not exit within 5 s (a
	 * Redis 7 master waits up to its {@code shutdown-timeout} of 10 s for replicas that
	 * lag, for instance paused ones). Does nothing if the node is not running.
	 */
	public synchronized void stop() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			resume();
			if (!ProcessSignals.stop(current, "TERM", STOP_TIMEOUT)) {
				logger.warn("{} ignored SIGTERM for {} ms and was killed", this, STOP_TIMEOUT.toMillis());
			}
			logger.debug("Stopped {}", this);
		}
		afterExit();
	}

	/**
	 * Kill with SIGKILL, like a crash or an OOM kill: no shutdown work at all. Does
	 * nothing if the node is not running.
	 */
	public synchronized void kill() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			current.destroyForcibly();
			if (!ProcessSignals.awaitExit(current, STOP_TIMEOUT)) {
				throw new IllegalStateException(this + " survived SIGKILL");
			}
			logger.debug("Killed {}", this);
		}
		afterExit();
	}

	/**
	 * Pause with SIGSTOP, like a long GC pause or a frozen VM: connections stay open but
	 * nothing is answered until {@link #resume()}.
	 */
	public synchronized void pause() {
		if (!isRunning()) {
			throw new IllegalStateException(this + " is not running");
		}
		if (!this.paused) {
			ProcessSignals.send("STOP", pid());
			this.paused = true;
			logger.debug("Paused {}", this);
		}
	}

	/**
	 * Resume a paused node with SIGCONT. Does nothing if the node is not paused.
	 */
	public synchronized void resume() {
		if (this.paused && isRunning()) {
			ProcessSignals.send("CONT", pid());
			logger.debug("Resumed {}", this);
		}
		this.paused = false;
	}

	/**
	 * Stop the node if it runs, then start it again on the same port with the same
	 * directory and configuration file, and wait until it answers. If another process
	 * took the port meanwhile, wait for the port to be free again and retry: clients only
	 * know this port.
	 */
	public synchronized void restart() {
		if (this.closed) {
			throw new IllegalStateException(this + " is closed");
		}
		stop();
		for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
			launch();
			try {
				awaitReady();
				checkClockOffset();
				logger.debug("Restarted {}", this);
				return;
			}
			catch (PortTakenException ex) {
				disarmWatchdog();
				logger.warn("Port {} of {} is taken, retrying ({}/{})", this.port, this.name, attempt, START_ATTEMPTS);
				await("port " + this.port + " to be free for " + this.name).atMost(START_TIMEOUT)
					.until(() -> FreePorts.isFree(this.port));
			}
		}
		throw new IllegalStateException("Cannot restart " + this + ": port " + this.port + " stays taken");
	}

	/**
	 * Restart like {@link #restart()}, with the server's wall clock offset from now on by
	 * the given amount, like a host whose clock was set wrong before a reboot. A nonzero
	 * offset needs {@code gcc} and a dynamically linked redis-server.
	 * @param clockOffset how far the server's clock is ahead (negative: behind)
	 */
	public synchronized void restart(Duration clockOffset) {
		this.clockOffset = clockOffset;
		restart();
	}

	/**
	 * Stop the node and delete its directory. The node cannot be used afterwards.
	 */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		try {
			stop();
		}
		finally {
			this.closed = true;
			LiveNodes.unregister(this);
			FreePorts.release(this.port, this.clusterBus);
			FixtureTempDirs.deleteRecursively(this.directory);
		}
	}

	/**
	 * Destroy the process right away, without taking the node's lock: used by the
	 * shutdown hook, which must not wait for a test thread.
	 */
	void destroyNow() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			current.destroyForcibly();
			ProcessSignals.awaitExit(current, Duration.ofSeconds(2));
		}
		disarmWatchdog();
		FixtureTempDirs.deleteRecursively(this.directory);
	}

	@Override
	public String toString() {
		Process current = this.process;
		return this.name + "@" + address() + ((current != null) ? " (pid " + current.pid() + ")" : "");
	}

	private Jedis connect(Duration timeout) {
		// No CLIENT SETINFO on connect: commands a test counts stay the client's own.
		return new Jedis(new HostAndPort(HOST, this.port),
				DefaultJedisClientConfig.builder()
					.timeoutMillis((int) timeout.toMillis())
					.clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
					.build());
	}

	private synchronized void launch() {
		List<String> command = new ArrayList<>(List.of(this.binary.path().toString(), this.configFile.toString()));
		if (this.mode == Mode.SENTINEL) {
			command.add("--sentinel");
		}
		command.addAll(List.of("--port", Integer.toString(this.port), "--bind", HOST, "--save", "", "--appendonly",
				"no", "--protected-mode", "no", "--daemonize", "no", "--dir", this.directory.toString(), "--logfile",
				""));
		this.logOffset = this.logFile.toFile().length();
		ProcessBuilder builder = new ProcessBuilder(command);
		if (!this.clockOffset.isZero()) {
			Map<String, String> environment = builder.environment();
			String preload = ClockOffsetLibrary.path().toString();
			environment.merge("LD_PRELOAD", preload, (existing, added) -> existing + ":" + added);
			environment.put(ClockOffsetLibrary.OFFSET_VARIABLE, Long.toString(this.clockOffset.toMillis()));
		}
		Process started = ProcessSignals.start(builder, this.directory, this.logFile);
		this.process = started;
		this.watchdog = OrphanWatchdog.guard(started.pid(), this.directory);
		this.paused = false;
	}

	private synchronized void awaitFirstStart() {
		for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
			try {
				awaitReady();
				checkClockOffset();
				logger.debug("Started {} with {}", this, this.binary);
				return;
			}
			catch (PortTakenException ex) {
				disarmWatchdog();
				int taken = this.port;
				FreePorts.release(taken, this.clusterBus);
				this.port = FreePorts.reserve(this.clusterBus);
				logger.debug("Port {} was taken before {} could bind it, moving to {}", taken, this.name, this.port);
				resetDirectory();
				launch();
			}
		}
		throw new IllegalStateException("Cannot start " + this.name + ": " + START_ATTEMPTS + " ports were taken");
	}

	/**
	 * Wait until the process answers as itself, failing at once if it exits: another
	 * server already bound to the port would answer too, while ours is about to fail its
	 * bind.
	 */
	private void awaitReady() {
		Process current = this.process;
		try {
			await(this + " to answer").atMost(START_TIMEOUT)
				.pollDelay(Duration.ZERO)
				.pollInterval(Duration.ofMillis(20))
				.pollInSameThread()
				.until(() -> {
					if (!current.isAlive()) {
						throw exitedBeforeReady(current);
					}
					return answersAs(current.pid());
				});
		}
		catch (ConditionTimeoutException ex) {
			current.destroyForcibly();
			throw new IllegalStateException(
					this + " did not answer within " + START_TIMEOUT.toMillis() + " ms. Log:\n" + newLogOutput(), ex);
		}
	}

	/**
	 * Fail if the server's clock is not offset as asked: a statically linked binary (the
	 * embedded one, for instance) ignores {@code LD_PRELOAD}, and a skew test against it
	 * would test nothing.
	 */
	private void checkClockOffset() {
		if (this.clockOffset.isZero()) {
			return;
		}
		long before = System.currentTimeMillis();
		Object reply = command("TIME");
		long after = System.currentTimeMillis();
		if (!(reply instanceof List<?> time) || time.size() != 2) {
			throw new IllegalStateException(this + " answered TIME with " + reply);
		}
		long serverMillis = Long.parseLong(String.valueOf(time.get(0))) * 1000
				+ Long.parseLong(String.valueOf(time.get(1))) / 1000;
		long expected = before + this.clockOffset.toMillis();
		long tolerance = CLOCK_OFFSET_TOLERANCE.toMillis() + (after - before);
		if (Math.abs(serverMillis - expected) > tolerance) {
			Process current = this.process;
			if (current != null) {
				current.destroyForcibly();
			}
			throw new IllegalStateException(this + " was started with its clock offset by " + this.clockOffset
					+ " but its TIME is " + (serverMillis - before) + " ms from this JVM's clock: " + this.binary
					+ " does not honour LD_PRELOAD (a statically linked binary?); use a dynamically linked"
					+ " redis-server such as Debian's");
		}
	}

	private boolean answersAs(long pid) {
		try (Jedis jedis = connect(PROBE_TIMEOUT)) {
			return "PONG".equals(jedis.ping())
					&& Long.toString(pid).equals(parseInfo(jedis.info("server")).get("process_id"));
		}
		catch (JedisException ex) {
			return false;
		}
	}

	private RuntimeException exitedBeforeReady(Process current) {
		String output = newLogOutput();
		if (output.contains("Address already in use")) {
			return new PortTakenException();
		}
		return new IllegalStateException(this + " (" + this.binary + ") exited with code " + current.exitValue()
				+ " before answering. Log:\n" + output);
	}

	private String newLogOutput() {
		try {
			byte[] all = Files.readAllBytes(this.logFile);
			int from = (int) Math.min(this.logOffset, all.length);
			return new String(Arrays.copyOfRange(all, from, all.length), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(no log: " + ex + ")";
		}
	}

	private void writeInitialConfig() {
		try {
			Files.write(this.configFile, this.initialConfig, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + this.configFile, ex);
		}
	}

	/**
	 * Forget whatever a failed first start left behind (a cluster node writes
	 * {@code nodes.conf} naming its port), keeping the log.
	 */
	private void resetDirectory() {
		try (Stream<Path> files = Files.list(this.directory)) {
			files.filter((file) -> !file.equals(this.logFile)).forEach(FixtureTempDirs::deleteRecursively);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot reset " + this.directory, ex);
		}
		writeInitialConfig();
	}

	private void afterExit() {
		this.paused = false;
		disarmWatchdog();
	}

	private void disarmWatchdog() {
		OrphanWatchdog current = this.watchdog;
		if (current != null) {
			current.disarm();
			this.watchdog = null;
		}
	}

	/**
	 * The server exited because its port (or cluster bus port) was taken.
	 */
	private static final class PortTakenException extends RuntimeException {

		private static final long serialVersionUID = 1L;

	}

}
