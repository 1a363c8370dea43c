// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link PostgresServer} runs a real, private PostgreSQL that answers SQL over JDBC, and
 * leaves no process, port or directory behind, whether the test closes it or its JVM is
 * killed.
 *
 * @author redis-lock contributors
 */
class PostgresServerTests {

	@Test
	void startedServerAnswersSqlAndLeavesNothingAfterClose() throws Exception {
		PostgresServer postgres = PostgresServer.start();
		long pid;
		List<ProcessHandle> backends;
		Path directory = postgres.directory();
		int port = postgres.port();
		try (postgres) {
			pid = postgres.pid();
			try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
					postgres.password()); Statement statement = connection.createStatement()) {
				statement.execute("create table counter (id int primary key, n int not null)");
				statement.execute("insert into counter values (1, 41)");
				statement.execute("update counter set n = n + 1 where id = 1");
				try (ResultSet result = statement.executeQuery("select n, current_setting('fsync') from counter")) {
					assertThat(result.next()).isTrue();
					assertThat(result.getInt(1)).isEqualTo(42);
					assertThat(result.getString(2)).isEqualTo("off");
				}
				backends = ProcessHandle.of(pid).orElseThrow().children().toList();
			}
		}
		assertThat(backends).isNotEmpty();
		assertThat(ProcessSignals.isGone(pid)).isTrue();
		assertThat(backends).allSatisfy((backend) -> assertThat(ProcessSignals.isGone(backend.pid())).isTrue());
		assertThat(FreePorts.isClosed(port)).isTrue();
		assertThat(directory).doesNotExist();
	}

	@Test
	void serverOfAKilledJvmDiesWithItsBackendsAndItsDirectoryIsRemoved() throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process jvm = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Probe.class.getName())
			.redirectErrorStream(true)
			.start();
		String[] server;
		try {
			server = CompletableFuture.supplyAsync(() -> readServer(jvm)).get(90, TimeUnit.SECONDS);
		}
		finally {
			jvm.destroyForcibly();
			assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
		}
		long pid = Long.parseLong(server[1]);
		int port = Integer.parseInt(server[2]);
		Path directory = Path.of(server[3]);
		List<ProcessHandle> backends = ProcessHandle.of(pid).map((p) -> p.children().toList()).orElse(List.of());
		await("orphan postgres " + pid + " to die").atMost(Duration.ofSeconds(15))
			.until(() -> ProcessSignals.isGone(pid) && FreePorts.isClosed(port) && !Files.exists(directory)
					&& backends.stream().allMatch((backend) -> ProcessSignals.isGone(backend.pid())));
	}

	private static String[] readServer(Process jvm) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
			StringBuilder output = new StringBuilder();
			String line;
			while ((line = reader.readLine()) != null) {
				output.append(line).append('\n');
				if (line.startsWith("SERVER ")) {
					return line.split(" ", 4);
				}
			}
			throw new IllegalStateException("Probe JVM ended before reporting its server:\n" + output);
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/**
	 * Main class of a throw-away JVM: starts a server with an open session, reports it,
	 * then waits to be killed (it exits after a minute otherwise).
	 */
	static final class Probe {

		public static void main(String[] args) throws Exception {
			PostgresServer postgres = PostgresServer.start();
			Connection session = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
			session.createStatement().execute("select 1");
			System.out.println("SERVER " + postgres.pid() + " " + postgres.port() + " " + postgres.directory());
			System.out.flush();
			Thread.sleep(60_000);
			System.exit(1);
		}

	}

}
