/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
