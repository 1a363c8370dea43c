// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.torture.oracle.Oracle;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a real Sentinel group, a failover that no one asked the Sentinels for (the master
 * stopped answering for longer than their down-after time) is recorded in the oracle,
 * with a window that starts before the switch and ends once the Sentinels settled.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
class SentinelFailoverWatchTests {

	@Test
	void aFailoverTheSentinelsMakeByThemselvesIsRecordedWithItsWindow() {
		try (RedisFixture fixture = new RedisFixture()) {
			RedisNode oracleRedis = fixture.standalone();
			RedisSentinelGroup group = fixture.sentinel(3, 1);
			RedisNode master = group.master();
			try (Oracle oracle = new Oracle(oracleRedis.port());
					FailoverWatch watch = FailoverWatch.start(new SentinelLooks(group), master.address(), oracle)) {
				assertThat(watch.awaitSettled(Duration.ofSeconds(10))).isTrue();
				long before = oracle.record("test", "before the pause");
				master.pause();
				RedisNode promoted;
				try {
					promoted = group.awaitFailoverFrom(master, Duration.ofSeconds(30));
				}
				finally {
					master.resume();
				}
				assertThat(watch.awaitMaster(promoted.address(), Duration.ofSeconds(5))).isTrue();
				assertThat(watch.switchedSince(before)).isTrue();
				assertThat(watch.awaitSettled(Duration.ofSeconds(30))).isTrue();
				assertThat(watch.failovers()).singleElement().satisfies((failover) -> {
					assertThat(failover.from()).isEqualTo(master.address());
					assertThat(failover.to()).isEqualTo(promoted.address());
					assertThat(failover.startSequence()).isLessThan(failover.switchSequence());
					assertThat(failover.switchSequence()).isGreaterThan(before);
					assertThat(failover.endSequence()).isGreaterThanOrEqualTo(failover.switchSequence());
					assertThat(failover.leaseLengthening()).isZero();
				});
				assertThat(oracle.events())
					.anyMatch((event) -> event.endsWith(" failover " + master.address() + " " + promoted.address()));
			}
		}
	}

}
