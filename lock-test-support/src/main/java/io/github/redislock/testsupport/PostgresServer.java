// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static org.awaitility.Awaitility.await;

/**
 * A private PostgreSQL cluster for one test: {@code initdb} into a fresh directory, then
 * {@code postgres} on a free loopback port, with its unix socket inside that directory
 * and durability turned off ({@code fsync}, {@code synchronous_commit} and
 * {@code full_page_writes}): nothing in a test outlives the server.
 * <p>
 * <pre class="code">
 * try (PostgresServer postgres = PostgresServer.start()) {
 *     DataSource dataSource = new DriverManagerDataSource(postgres.jdbcUrl(), postgres.user(), postgres.password());
 * }
 * </pre> Binaries are taken from the newest {@code /usr/lib/postgresql/<version>/bin}
 * (Debian's layout), else from the {@code PATH}. {@code initdb} and {@code postgres}
 * refuse to run as root, so when the JVM is root they run as the {@code postgres} system
 * user (through {@code setpriv}, which replaces itself with the server, so the pid the
 * fixture signals is the postmaster's). Authentication is {@code trust}: the user is
 * {@value #USER} with an empty password. Closing the server stops it (fast shutdown,
 * SIGKILL after 10 s) and deletes its directory; an {@link OrphanWatchdog} does the same
 * if the JVM dies first.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class PostgresServer implements AutoCloseable {

	/**
	 * The superuser {@code initdb} creates, which the tests connect as.
	 */
	public static final String USER = "postgres";

	private static final Logger logger = LoggerFactory.getLogger(PostgresServer.class);

	private static final Path DEBIAN_LAYOUT = Path.of("/usr/lib/postgresql");

	private static final String SYSTEM_USER = "postgres";

	private static final Duration INITDB_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private static final int START_ATTEMPTS = 5;

	private static final String READY = "database system is ready to accept connections";

	private final Path bin;

	private final Path directory;

	private final Path dataDirectory;

	private final Path logFile;

	private final boolean asSystemUser;

	private int port;

	private @Nullable Process process;

	private @Nullable OrphanWatchdog watchdog;

	private boolean closed;

	private PostgresServer(Path bin) {
		this.bin = bin;
		this.asSystemUser = isRoot();
		this.directory = FixtureTempDirs.newDirectory("postgres");
		this.dataDirectory = this.directory.resolve("data");
		this.logFile = this.directory.resolve("postgres.log");
	}

	/**
	 * Create a cluster in a fresh directory and start it.
	 * @return the running server
	 * @throws IllegalStateException if PostgreSQL is not installed, or does not start
	 */
	public static PostgresServer start() {
		PostgresServer server = new PostgresServer(locateBinaries());
		try {
			server.initialize();
			server.launchOnFreePort();
			return server;
		}
		catch (RuntimeException ex) {
			server.close();
			throw ex;
		}
	}

	/**
	 * Return the JDBC URL of the {@code postgres} database.
	 * @return the URL
	 */
	public String jdbcUrl() {
		return "jdbc:postgresql://" + RedisNode.HOST + ":" + this.port + "/postgres";
	}

	/**
	 * Return the user to connect as.
	 * @return {@value #USER}
	 */
	public String user() {
		return USER;
	}

	/**
	 * Return the password, empty: the cluster trusts local connections.
	 * @return the empty string
	 */
	public String password() {
		return "";
	}

	/**
	 * Return the port the server listens on, on {@value RedisNode#HOST}.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Return the pid of the postmaster.
	 * @return the pid
	 * @throws IllegalStateException if the server is not running
	 */
	public synchronized long pid() {
		Process current = this.process;
		if (current == null) {
			throw new IllegalStateException(this + " is not running");
		}
		return current.pid();
	}

	/**
	 * Return the server's private directory (cluster, socket and log).
	 * @return the directory, deleted on close
	 */
	public Path directory() {
		return this.directory;
	}

	/**
	 * Return the last lines of the server's log, for diagnostics.
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
	 * Stop the server (fast shutdown: open sessions are ended) and delete its directory.
	 */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try {
			stop();
		}
		finally {
			if (this.port != 0) {
				FreePorts.release(this.port, false);
			}
			FixtureTempDirs.deleteRecursively(this.directory);
		}
	}

	@Override
	public String toString() {
		Process current = this.process;
		return "postgres@" + RedisNode.HOST + ":" + this.port
				+ ((current != null) ? " (pid " + current.pid() + ")" : "");
	}

	private void initialize() {
		if (this.asSystemUser) {
			grantToSystemUser();
		}
		List<String> command = asServerUser(this.bin.resolve("initdb").toString(), "-D", this.dataDirectory.toString(),
				"-U", USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync");
		Process initdb = run(command);
		if (!ProcessSignals.awaitExit(initdb, INITDB_TIMEOUT)) {
			initdb.destroyForcibly();
			throw new IllegalStateException(
					"initdb did not finish within " + INITDB_TIMEOUT.toSeconds() + " s. Log:\n" + logTail(40));
		}
		if (initdb.exitValue() != 0) {
			throw new IllegalStateException(
					"initdb failed with exit code " + initdb.exitValue() + ". Log:\n" + logTail(40));
		}
	}

	private synchronized void launchOnFreePort() {
		for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
			this.port = FreePorts.reserve(false);
			long logOffset = this.logFile.toFile().length();
			Process started = run(asServerUser(this.bin.resolve("postgres").toString(), "-D",
					this.dataDirectory.toString(), "-p", Integer.toString(this.port), "-k", this.directory.toString(),
					"-c", "listen_addresses=" + RedisNode.HOST, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
					"full_page_writes=off", "-c", "max_connections=50"));
			this.process = started;
			this.watchdog = OrphanWatchdog.guard(started.pid(), this.directory, "postgres", "QUIT");
			if (awaitReady(started, logOffset)) {
				logger.debug("Started {} from {}", this, this.bin);
				return;
			}
			disarmWatchdog();
			FreePorts.release(this.port, false);
			logger.debug("Port {} was taken before PostgreSQL could bind it, retrying ({}/{})", this.port, attempt,
					START_ATTEMPTS);
		}
		throw new IllegalStateException("Cannot start PostgreSQL: " + START_ATTEMPTS + " ports were taken");
	}

	/**
	 * Wait for the postmaster's own "ready" line, failing at once if it exits.
	 * @return {@code true} if ready, {@code false} if it exited because the port was
	 * taken
	 */
	private boolean awaitReady(Process started, long logOffset) {
		try {
			return await(this + " to accept connections").atMost(START_TIMEOUT)
				.pollDelay(Duration.ZERO)
				.pollInterval(Duration.ofMillis(20))
				.pollInSameThread()
				.until(() -> {
					String output = logSince(logOffset);
					if (!started.isAlive()) {
						if (output.contains("could not bind") || output.contains("Address already in use")) {
							return Optional.of(false);
						}
						throw new IllegalStateException(this + " exited with code " + started.exitValue()
								+ " before accepting connections. Log:\n" + output);
					}
					return output.contains(READY) ? Optional.of(true) : Optional.<Boolean>empty();
				}, Optional::isPresent)
				.orElseThrow();
		}
		catch (ConditionTimeoutException ex) {
			started.destroyForcibly();
			throw new IllegalStateException(this + " did not accept connections within " + START_TIMEOUT.toSeconds()
					+ " s. Log:\n" + logSince(logOffset), ex);
		}
	}

	private void stop() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			// SIGINT is PostgreSQL's fast shutdown; SIGTERM (destroy) would wait for
			// every client to disconnect.
			ProcessSignals.send("CONT", current.pid());
			if (!ProcessSignals.stop(current, "INT", STOP_TIMEOUT)) {
				logger.warn("{} ignored SIGINT for {} s and was killed", this, STOP_TIMEOUT.toSeconds());
			}
		}
		disarmWatchdog();
	}

	private void disarmWatchdog() {
		OrphanWatchdog current = this.watchdog;
		if (current != null) {
			current.disarm();
			this.watchdog = null;
		}
	}

	private List<String> asServerUser(String... command) {
		List<String> full = new ArrayList<>();
		if (this.asSystemUser) {
			// setpriv execs the command: no process stays between this JVM and the
			// server.
			full.addAll(List.of("setpriv", "--reuid=" + SYSTEM_USER, "--regid=" + SYSTEM_USER, "--init-groups", "--"));
		}
		full.addAll(List.of(command));
		return full;
	}

	private Process run(List<String> command) {
		return ProcessSignals.start(new ProcessBuilder(command), this.directory, this.logFile);
	}

	private String logSince(long offset) {
		try {
			byte[] all = Files.readAllBytes(this.logFile);
			int from = (int) Math.min(offset, all.length);
			return new String(all, from, all.length - from, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(no log: " + ex + ")";
		}
	}

	/**
	 * Hand the directory to the {@code postgres} user, and let it through the fixture's
	 * root directory, which only root may list.
	 */
	private void grantToSystemUser() {
		try {
			UserPrincipal owner = this.directory.getFileSystem()
				.getUserPrincipalLookupService()
				.lookupPrincipalByName(SYSTEM_USER);
			Files.setPosixFilePermissions(this.directory.getParent(), PosixFilePermissions.fromString("rwx--x--x"));
			Files.setOwner(this.directory, owner);
			Files.write(this.logFile, new byte[0]);
			Files.setOwner(this.logFile, owner);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Running as root, PostgreSQL must run as the '" + SYSTEM_USER
					+ "' system user, which cannot own " + this.directory + " (is there such a user?)", ex);
		}
	}

	private static boolean isRoot() {
		try {
			return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
		}
		catch (IOException | UnsupportedOperationException ex) {
			return "root".equals(System.getProperty("user.name"));
		}
	}

	/**
	 * Find the directory holding {@code initdb} and {@code postgres}: the newest version
	 * under {@code /usr/lib/postgresql}, else the {@code PATH}.
	 * @return the directory
	 * @throws IllegalStateException if PostgreSQL is not installed
	 */
	static Path locateBinaries() {
		if (Files.isDirectory(DEBIAN_LAYOUT)) {
			try (Stream<Path> versions = Files.list(DEBIAN_LAYOUT)) {
				Optional<Path> newest = versions.map((version) -> version.resolve("bin"))
					.filter(PostgresServer::hasServerBinaries)
					.max(Comparator.comparingInt(PostgresServer::majorVersion));
				if (newest.isPresent()) {
					return newest.get();
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot list " + DEBIAN_LAYOUT, ex);
			}
		}
		String path = System.getenv("PATH");
		if (path != null) {
			for (String entry : path.split(java.io.File.pathSeparator)) {
				if (!entry.isEmpty()) {
					Path candidate = Path.of(entry);
					if (hasServerBinaries(candidate)) {
						return candidate;
					}
				}
			}
		}
		throw new IllegalStateException("PostgreSQL is not installed: no initdb and postgres under " + DEBIAN_LAYOUT
				+ "/<version>/bin nor on the PATH. Install it, for example with 'apt-get install -y postgresql'");
	}

	private static boolean hasServerBinaries(Path bin) {
		return Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("postgres"));
	}

	private static int majorVersion(Path bin) {
		try {
			return Integer.parseInt(bin.getParent().getFileName().toString());
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

}
