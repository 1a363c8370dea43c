// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.sample;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

import io.github.redislock.redis.RedisLockStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * What {@code spring-boot:test-run} starts: the sample with a development Redis of its
 * own, which it uses for its locks, names in its log, and stops with the application,
 * whether the application stops or fails to start. On a machine without Docker (or
 * without the image) the Redis is a process; with both, a container.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class TestSampleApplicationTests {

	@Test
	void theDevelopmentRedisHoldsTheShopsLocksAndStopsWithTheApplication(CapturedOutput output) {
		long redisProcessesBefore = redisServerChildren();
		InetSocketAddress redis;
		try (RunningSample app = RunningSample.of(TestSampleApplication.withDevelopmentRedis()
			.run("--server.port=0", "--spring.main.banner-mode=off")
			.getApplicationContext())) {
			LettuceConnectionFactory connectionFactory = app.context().getBean(LettuceConnectionFactory.class);
			redis = InetSocketAddress.createUnresolved(connectionFactory.getHostName(), connectionFactory.getPort());
			assertThat(output).contains("Development Redis: ");

			assertThat(app.post("/api/products/1/purchase?user=alice").status()).isEqualTo(201);

			assertThat(app.context().getBean(RedisLockStore.class).lastFencingToken("stock:1")).isPositive();
		}
		assertThat(output).contains("Stopped the development Redis");
		assertThat(accepts(redis)).as("the development Redis accepts connections after the application stopped")
			.isFalse();
		assertThat(redisServerChildren()).isEqualTo(redisProcessesBefore);
	}

	@Test
	void aFailedStartStopsTheDevelopmentRedis(CapturedOutput output) throws IOException {
		long redisProcessesBefore = redisServerChildren();
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			// The web server starts last, after the Redis and every other bean.
			assertThatException().isThrownBy(() -> TestSampleApplication.withDevelopmentRedis()
				.run("--server.address=" + taken.getInetAddress().getHostAddress(),
						"--server.port=" + taken.getLocalPort(), "--spring.main.banner-mode=off",
						"--" + DockerRedisImage.PROPERTY + "=" + DockerRedisImage.NONE));
		}

		assertThat(output).contains("Development Redis: redis-server ")
			.contains("No container: " + DockerRedisImage.PROPERTY + " is 'none'")
			.contains("Stopped the development Redis");
		assertThat(redisServerChildren()).isEqualTo(redisProcessesBefore);
	}

	private static boolean accepts(InetSocketAddress redis) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(redis.getHostString(), redis.getPort()), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static long redisServerChildren() {
		return ProcessHandle.current()
			.descendants()
			.filter(ProcessHandle::isAlive)
			.filter((process) -> process.info().command().orElse("").contains("redis-server"))
			.count();
	}

}
