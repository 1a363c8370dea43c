// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.testsupport.RedisBinaryLocator;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Redlock nodes reached over TLS, trusted through a Spring Boot SSL bundle named by
 * {@code redis-lock.redlock.ssl.bundle}: three real redis-servers with a TLS port, whose
 * certificate a CA made by the test signed.
 *
 * @author redis-lock contributors
 */
class RedlockNodesOverTlsTests {

	/**
	 * A redis-server built with TLS: the one on the {@code PATH} (Debian's is) before the
	 * Redis 6.2 binary of embedded-redis, built without it, which
	 * {@code -Dredis.server.binary=embedded} would pick.
	 */
	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(
			() -> RedisBinaryLocator.onPath().orElseGet(RedisBinaryLocator::locate));

	private static final int PORT_ATTEMPTS = 5;

	@TempDir
	static Path directory;

	private static List<RedisNode> masters;

	private static List<Integer> tlsPorts;

	private static String trustedCa;

	/** Built after the masters started: JUnit creates an instance per test. */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, RedisLockAutoConfiguration.class))
		// These tests prove the wiring, not the timing: a TLS handshake on a busy machine
		// may take longer than the default 100 ms.
		.withPropertyValues("redis-lock.redlock.node-timeout=5s", "redis-lock.redlock.nodes="
				+ tlsPorts.stream().map((port) -> "rediss://127.0.0.1:" + port).collect(Collectors.joining(",")));

	@BeforeAll
	static void startMastersWithTls() {
		TestCertificates certificates = TestCertificates.create(directory);
		masters = redis.masters(3);
		tlsPorts = new ArrayList<>();
		for (RedisNode master : masters) {
			master.command("CONFIG", "SET", "tls-cert-file", certificates.serverCertificate().toString(),
					"tls-key-file", certificates.serverKey().toString(), "tls-ca-cert-file",
					certificates.caCertificate().toString(), "tls-auth-clients", "no");
			tlsPorts.add(openTlsPort(master));
		}
		trustedCa = certificates.caCertificate().toUri().toString();
	}

	/** A port found free may be taken before the server binds it: then try another. */
	private static int openTlsPort(RedisNode master) {
		RuntimeException failure = null;
		for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
			int port = freePort();
			try {
				master.command("CONFIG", "SET", "tls-port", Integer.toString(port));
				return port;
			}
			catch (RuntimeException ex) {
				failure = ex;
			}
		}
		throw new IllegalStateException("Could not open a TLS port on " + master, failure);
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(RedisNode.HOST))) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Test
	void aLockIsTakenAndReleasedOnEveryNodeOverTls() {
		this.runner
			.withPropertyValues("spring.ssl.bundle.pem.redlock.truststore.certificate=" + trustedCa,
					"redis-lock.redlock.ssl.bundle=redlock")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				DistributedLock lock = context.getBean(LockClient.class).getLock("over-tls");
				assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
				try {
					await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
						for (RedisNode master : masters) {
							assertThat(master.command("EXISTS", "lock:{over-tls}")).as(master.address()).isEqualTo(1L);
						}
					});
					for (int i = 0; i < masters.size(); i++) {
						// The lock's connections arrive at the TLS port.
						assertThat(String.valueOf(masters.get(i).command("CLIENT", "LIST")))
							.as(masters.get(i).address())
							.contains("laddr=127.0.0.1:" + tlsPorts.get(i));
					}
				}
				finally {
					lock.unlock();
				}
				// A majority decides the release: the last node a moment later.
				await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
					for (RedisNode master : masters) {
						assertThat(master.command("EXISTS", "lock:{over-tls}")).as(master.address()).isEqualTo(0L);
					}
				});
			});
	}

	@Test
	void withoutTheBundleTheNodesCertificateIsRefused() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			DistributedLock lock = context.getBean(LockClient.class).getLock("untrusted");
			assertThatExceptionOfType(LockStoreException.class)
				.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false))
				.withMessageContaining("only 0 of 3 Redlock nodes answered")
				.withMessageContaining("certification path");
			for (RedisNode master : masters) {
				assertThat(master.command("EXISTS", "lock:{untrusted}")).as(master.address()).isEqualTo(0L);
			}
		});
	}

	@Test
	void aBundleThatDoesNotExistStopsStartUpNamingTheProperty() {
		this.runner.withPropertyValues("redis-lock.redlock.ssl.bundle=missing").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("redis-lock.redlock.ssl.bundle")
				.hasMessageContaining("missing");
		});
	}

	@Test
	void aBundleWithANodeUrlWithoutTlsStopsStartUp() {
		this.runner
			.withPropertyValues(
					"redis-lock.redlock.nodes=rediss://127.0.0.1:1,redis://127.0.0.1:2,rediss://127.0.0.1:3",
					"spring.ssl.bundle.pem.redlock.truststore.certificate=" + trustedCa,
					"redis-lock.redlock.ssl.bundle=redlock")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("redis-lock.redlock.ssl.bundle is set, so every node is reached over TLS, "
							+ "but redis-lock.redlock.nodes[1] is not a rediss:// URL");
			});
	}

}
