// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.KeyValuePair;

import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The lock client's log events carry the lock name, the fencing token and the outcome as
 * SLF4J key-value pairs, which structured logging writes as fields of their own.
 *
 * @author redis-lock contributors
 */
class LogKeyValueTests extends RedisLockTestSupport {

	private final Logger clientLog = (Logger) LoggerFactory.getLogger("io.github.redislock.engine.DefaultLockClient");

	private final ListAppender<ILoggingEvent> events = new ListAppender<>();

	@BeforeEach
	void capture() {
		this.events.start();
		this.clientLog.addAppender(this.events);
	}

	@AfterEach
	void release() {
		this.clientLog.detachAppender(this.events);
	}

	@Test
	void aLostLeaseIsLoggedWithTheLockNameFencingTokenAndOutcome() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("logged:1");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		long token = lock.getFencingToken();
		holder.redis.delete(holder.keys.lockKey("logged:1"));
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		List<ILoggingEvent> lost = this.events.list.stream()
			.filter((event) -> event.getFormattedMessage().contains("was lost"))
			.toList();
		assertThat(lost).hasSize(1);
		assertThat(keyValues(lost.get(0))).containsEntry("lock.name", "logged:1")
			.containsEntry("lock.fencing_token", token)
			.containsEntry("lock.outcome", "lost");
		assertThat(asEcs(lost.get(0))).as("the event in Spring Boot's ECS structured format")
			.contains("\"lock\":{")
			.contains("\"name\":\"logged:1\"")
			.contains("\"fencing_token\":" + token)
			.contains("\"outcome\":\"lost\"");
	}

	/**
	 * Write an event as {@code logging.structured.format.console=ecs} does.
	 */
	private String asEcs(ILoggingEvent event) {
		LoggerContext context = this.clientLog.getLoggerContext();
		context.putObject(Environment.class.getName(), new StandardEnvironment());
		StructuredLogEncoder encoder = new StructuredLogEncoder();
		encoder.setContext(context);
		encoder.setFormat("ecs");
		encoder.start();
		try {
			return new String(encoder.encode(event), StandardCharsets.UTF_8);
		}
		finally {
			encoder.stop();
		}
	}

	private static Map<String, Object> keyValues(ILoggingEvent event) {
		Map<String, Object> values = new HashMap<>();
		List<KeyValuePair> pairs = event.getKeyValuePairs();
		if (pairs != null) {
			pairs.forEach((pair) -> values.put(pair.key, pair.value));
		}
		return values;
	}

}
