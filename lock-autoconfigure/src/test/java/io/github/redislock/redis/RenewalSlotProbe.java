// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.Charset;
import java.time.Duration;
import java.util.List;

import io.github.redislock.store.LockStore.LeaseRenewal;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Main class of a throw-away JVM for {@link RenewalSlotTests}, started with a default
 * charset other than UTF-8: takes two locks whose names that charset cannot encode on the
 * cluster given as arguments, renews both in one call and prints the outcome.
 *
 * @author redis-lock contributors
 */
final class RenewalSlotProbe {

	/** Names in distinct hash slots that an ASCII default charset turns into one. */
	static final List<String> NAMES = List.of("caf\u00E9", "caf\u00FC");

	private RenewalSlotProbe() {
	}

	public static void main(String[] args) {
		System.out.println("CHARSET " + Charset.defaultCharset());
		LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisClusterConfiguration(List.of(args)));
		factory.afterPropertiesSet();
		factory.start();
		try (RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory))) {
			for (String name : NAMES) {
				store.tryAcquire(name, "probe", Duration.ofSeconds(30));
			}
			try {
				List<LeaseRenewal> renewals = NAMES.stream()
					.map((name) -> new LeaseRenewal(name, "probe", Duration.ofSeconds(30)))
					.toList();
				System.out.println("RENEWED " + store.renewAll(renewals));
			}
			catch (RuntimeException ex) {
				System.out.println("FAILED " + ex + ", caused by " + NestedExceptionUtils.getMostSpecificCause(ex));
			}
			finally {
				NAMES.forEach((name) -> store.release(name, "probe"));
			}
		}
		finally {
			factory.destroy();
		}
	}

}
