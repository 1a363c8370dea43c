// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.testsupport.PostgresServer;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances of a shop on real Redis and a real database: a holder in a JVM of its own
 * sells under its lease, is paused (SIGSTOP) past that lease, the other instance takes
 * the lock and sells under its newer token, and when the paused holder resumes and sells
 * again, the database refuses its write with a {@link StaleFencingTokenException}. The
 * row then counts exactly the accepted writes and carries the successor's token. Run on
 * PostgreSQL (a private cluster) and on H2 over TCP, which both JVMs share.
 *
 * @author redis-lock contributors
 */
class StaleHolderWritesAreRefusedByTheDatabaseTests {

	private static final int SUCCESSOR_SALES = 3;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void pausedHoldersWriteIsRefusedByPostgresqlAndTheSuccessorsAreKept() throws Exception {
		try (PostgresServer postgres = PostgresServer.start()) {
			pausedHolderIsRefused(postgres.jdbcUrl(), postgres.user(), postgres.password());
		}
	}

	@Test
	void pausedHoldersWriteIsRefusedByH2AndTheSuccessorsAreKept() throws Exception {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		Server h2 = Server.createTcpServer("-tcpPort", Integer.toString(port), "-ifNotExists").start();
		try {
			pausedHolderIsRefused("jdbc:h2:tcp://127.0.0.1:" + port + "/mem:fenced;DB_CLOSE_DELAY=-1", "sa", "");
		}
		finally {
			h2.stop();
		}
	}

	private void pausedHolderIsRefused(String url, String user, String password) throws Exception {
		RedisNode server = redis.standalone();
		JdbcClient jdbc = JdbcClient.create(new DriverManagerDataSource(url, user, password));
		jdbc.sql("create table stock (sku varchar(20) primary key, qty int not null, writes int not null, "
				+ "fencing_token bigint)")
			.update();
		jdbc.sql("insert into stock values ('a1', 100, 0, null)").update();
		Path output = Files.createTempFile("fenced-holder", ".log");
		Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx192m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
				FencedStockInstance.class.getName(), Integer.toString(server.port()), url, user, password)
			.redirectErrorStream(true)
			.redirectOutput(output.toFile())
			.start();
		try (ConfigurableApplicationContext successor = FencedStockInstance.start(server.port(), url, user, password)) {
			await("the holder's first sale").atMost(Duration.ofSeconds(90))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> line(output, "TOKEN ") != null || !holder.isAlive());
			assertThat(line(output, "TOKEN ")).as("holder output:%n%s", read(output)).isNotNull();
			long staleToken = Long.parseLong(line(output, "TOKEN "));

			ProcessSignals.send("STOP", holder.pid());
			long successorToken;
			try {
				// Waits for the paused holder's lease to run out: nothing renews it.
				successorToken = successor.getBean(FencedStockInstance.Shop.class).sell("a1", SUCCESSOR_SALES);
			}
			finally {
				ProcessSignals.send("CONT", holder.pid());
			}
			assertThat(successorToken).isGreaterThan(staleToken);

			try (OutputStream stdin = holder.getOutputStream()) {
				stdin.write("go\n".getBytes(StandardCharsets.UTF_8));
			}
			assertThat(holder.waitFor(60, TimeUnit.SECONDS)).as("holder exits").isTrue();
			assertThat(line(output, "STALE ")).as("holder output:%n%s", read(output))
				.startsWith(staleToken + " ")
				.contains("'stock:a1'", "table stock");
			assertThat(line(output, "WROTE ")).isNull();
			Map<String, Object> row = jdbc.sql("select qty, writes, fencing_token from stock where sku = 'a1'")
				.query()
				.singleRow();
			assertThat(row.values()).containsExactly(100 - 1 - SUCCESSOR_SALES, 1 + SUCCESSOR_SALES, successorToken);
		}
		finally {
			holder.destroyForcibly();
			holder.waitFor(30, TimeUnit.SECONDS);
			Files.deleteIfExists(output);
		}
	}

	private static String line(Path output, String prefix) {
		List<String> lines = read(output).lines().filter((line) -> line.startsWith(prefix)).toList();
		return lines.isEmpty() ? null : lines.get(0).substring(prefix.length());
	}

	private static String read(Path output) {
		try {
			return Files.readString(output, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

	/**
	 * SIGSTOP and SIGCONT for the holder's JVM, through the {@code kill} command.
	 */
	private static final class ProcessSignals {

		static void send(String signal, long pid) throws Exception {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
			assertThat(kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -%s %d", signal, pid)
				.isTrue();
		}

	}

}
