// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.time.Duration;
import java.util.List;

import io.github.redislock.redis.SimulatedScripts;
import io.github.redislock.testsupport.RedisBinaryLocator;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The simulated Redis answers every command the lock scripts and store use as a real
 * redis-server does, for the same sequence of commands: a difference in semantics fails
 * here before it can make the simulation prove something false.
 *
 * @author redis-lock contributors
 */
class SimRedisConformanceTests {

	/**
	 * Redis 6.2, the oldest version the starter supports, whose semantics are simulated.
	 */
	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(RedisBinaryLocator::embedded);

	private RealAndSimulated both;

	@BeforeEach
	void flush() {
		this.both = new RealAndSimulated(redis.standalone());
	}

	@Test
	void setWithConditionsExpiriesAndGet() {
		this.both.same("SET", "k", "v");
		this.both.same("GET", "k");
		this.both.same("SET", "k", "w", "NX");
		this.both.same("SET", "k", "w", "XX", "PX", "100000");
		this.both.closeMillis("PTTL", "k");
		this.both.same("SET", "k", "x", "KEEPTTL");
		this.both.closeMillis("PTTL", "k");
		this.both.same("SET", "k", "y");
		this.both.same("PTTL", "k");
		this.both.same("SET", "k", "z", "GET");
		this.both.same("SET", "missing", "z", "XX", "GET");
		this.both.same("SET", "n", "v", "NX", "PX", "5000");
		this.both.same("TTL", "n");
		this.both.same("SET", "n", "v", "EX", "7");
		this.both.same("TTL", "n");
		this.both.closeMillis("PTTL", "n");
		long now = System.currentTimeMillis();
		this.both.same("SET", "a", "v", "PXAT", Long.toString(now + 60_000));
		this.both.closeMillis("PTTL", "a");
		this.both.same("SET", "a", "v", "EXAT", Long.toString(now / 1000 + 60));
		this.both.close(1000, "PTTL", "a");
	}

	@Test
	void setRejectsWhatRedisRejects() {
		this.both.same("SET", "k", "v", "PX", "0");
		this.both.same("SET", "k", "v", "PX", "-5");
		this.both.same("SET", "k", "v", "PX", "abc");
		this.both.same("SET", "k", "v", "PX", "007");
		this.both.same("SET", "k", "v", "EX", "10", "PX", "10");
		this.both.same("SET", "k", "v", "NX", "XX");
		this.both.same("SET", "k", "v", "NX", "GET");
		this.both.same("SET", "k", "v", "PX");
		this.both.same("SET", "k", "v", "KEEPTTL", "PX", "10");
		this.both.same("SET", "k", "v", "BOGUS");
		this.both.same("SET", "k");
		this.both.same("HSET", "h", "f", "v");
		this.both.same("GET", "h");
		this.both.same("SET", "h", "v", "GET");
		this.both.same("EXISTS", "k");
	}

	@Test
	void expiriesAndTimesToLive() {
		this.both.same("PEXPIRE", "missing", "1000");
		this.both.same("PTTL", "missing");
		this.both.same("TTL", "missing");
		this.both.same("SET", "k", "v");
		this.both.same("PEXPIRE", "k", "100000");
		this.both.closeMillis("PTTL", "k");
		this.both.same("EXPIRE", "k", "50");
		this.both.same("TTL", "k");
		this.both.same("PEXPIRE", "k", "abc");
		this.both.same("PEXPIRE", "k", "0");
		this.both.same("EXISTS", "k");
		this.both.same("SET", "k", "v");
		this.both.same("PEXPIRE", "k", "-5");
		this.both.same("EXISTS", "k");
		this.both.same("SET", "k", "v");
		this.both.same("PEXPIREAT", "k", Long.toString(System.currentTimeMillis() - 1000));
		this.both.same("EXISTS", "k");
		this.both.same("SET", "k", "v");
		this.both.same("PEXPIREAT", "k", Long.toString(System.currentTimeMillis() + 100_000));
		this.both.closeMillis("PTTL", "k");
		this.both.same("SET", "j", "v");
		this.both.same("EXISTS", "k", "k", "j", "missing");
		this.both.same("DEL", "k", "j", "missing");
		this.both.same("EXISTS", "k", "j");
		this.both.same("TYPE", "k");
	}

	@Test
	void keysExpireByTheServerClock() {
		this.both.same("SET", "k", "v", "PX", "30");
		this.both.same("HSET", "h", "f", "v");
		this.both.same("PEXPIRE", "h", "30");
		await().atMost(Duration.ofSeconds(2))
			.until(() -> this.both.real("EXISTS", "k", "h").equals(0L)
					&& this.both.simulated("EXISTS", "k", "h").equals(0L));
		this.both.same("GET", "k");
		this.both.same("PTTL", "h");
		this.both.same("HSET", "h", "f", "w");
		this.both.same("PTTL", "h");
	}

	@Test
	void hashes() {
		this.both.same("HSET", "h", "a", "1", "b", "2");
		this.both.same("HSET", "h", "a", "3", "c", "4");
		this.both.same("HGET", "h", "a");
		this.both.same("HGET", "h", "missing");
		this.both.same("HGET", "missing", "a");
		this.both.same("HLEN", "h");
		this.both.same("HGETALL", "h");
		this.both.same("HSET", "h", "a");
		this.both.same("HDEL", "h", "a", "b", "missing");
		this.both.same("HDEL", "h", "c");
		this.both.same("EXISTS", "h");
		this.both.same("HDEL", "h", "c");
		this.both.same("SET", "s", "v");
		this.both.same("HSET", "s", "a", "1");
		this.both.same("HGET", "s", "a");
	}

	@Test
	void sortedSets() {
		this.both.same("ZADD", "z", "NX", "1800000000123456", "b");
		this.both.same("ZADD", "z", "NX", "1800000000123456", "a", "1800000000000001", "c");
		this.both.same("ZADD", "z", "NX", "5", "a");
		this.both.same("ZSCORE", "z", "a");
		this.both.same("ZADD", "z", "XX", "5", "missing");
		this.both.same("ZADD", "nothing", "XX", "5", "a");
		this.both.same("EXISTS", "nothing");
		this.both.same("ZADD", "z", "GT", "CH", "1", "a", "1900000000000000", "b");
		this.both.same("ZADD", "z", "LT", "1.5", "x");
		this.both.same("ZSCORE", "z", "x");
		this.both.same("ZADD", "z", "0.1", "y");
		this.both.same("ZSCORE", "z", "y");
		this.both.same("ZADD", "z", "NX", "XX", "1", "a");
		this.both.same("ZADD", "z", "GT", "NX", "1", "a");
		this.both.same("ZADD", "z", "abc", "a");
		this.both.same("ZADD", "z", "1");
		this.both.same("ZCARD", "z");
		this.both.same("ZPOPMIN", "z");
		this.both.same("ZPOPMIN", "z", "2");
		this.both.same("ZREM", "z", "b", "missing");
		this.both.same("ZPOPMIN", "z", "10");
		this.both.same("EXISTS", "z");
		this.both.same("ZPOPMIN", "z");
		this.both.same("ZREM", "z", "a");
	}

	@Test
	void lists() {
		this.both.same("LPUSH", "l", "a", "b");
		this.both.same("LPUSH", "l", "c");
		this.both.same("LRANGE", "l", "0", "-1");
		this.both.same("LPOS", "l", "a");
		this.both.same("LPOS", "l", "missing");
		this.both.same("LPOS", "missing", "a");
		this.both.same("LLEN", "l");
		this.both.same("LTRIM", "l", "0", "1");
		this.both.same("LRANGE", "l", "0", "-1");
		this.both.same("LTRIM", "l", "-1", "-1");
		this.both.same("LRANGE", "l", "0", "-1");
		this.both.same("LTRIM", "l", "5", "10");
		this.both.same("EXISTS", "l");
		this.both.same("LTRIM", "missing", "0", "1");
	}

	@Test
	void scriptRepliesConvertAsRedisConvertsThem() {
		this.both.same("EVAL", "return 3.9", "0");
		this.both.same("EVAL", "return -3.9", "0");
		this.both.same("EVAL", "return 1800000000123456", "0");
		this.both.same("EVAL", "return false", "0");
		this.both.same("EVAL", "return true", "0");
		this.both.same("EVAL", "return nil", "0");
		this.both.same("EVAL", "return 'text'", "0");
		this.both.same("EVAL", "return {1, 'two', {3.7, 'four'}, false, 5}", "0");
		this.both.same("EVAL", "return {1, 2, nil, 4}", "0");
		this.both.same("EVAL", "return redis.status_reply('FINE')", "0");
		this.both.same("EVAL", "return redis.error_reply('MY fault')", "0");
		this.both.same("EVAL", "return {err = 'OWN error'}", "0");
		this.both.same("EVAL", "return {ok = 'DONE'}", "0");
		this.both.same("EVAL", "return {KEYS[1], KEYS[2], ARGV[1], #KEYS, #ARGV}", "2", "k1", "k2", "a1");
	}

	@Test
	void scriptCallsConvertAsRedisConvertsThem() {
		this.both.same("EVAL", "return redis.call('GET', KEYS[1])", "1", "k");
		this.both.same("EVAL", "return type(redis.call('GET', KEYS[1]))", "1", "k");
		this.both.same("EVAL", "return redis.call('SET', KEYS[1], 'v')", "1", "k");
		this.both.same("EVAL", "return type(redis.call('SET', KEYS[1], 'v'))", "1", "k");
		this.both.same("EVAL", "return redis.call('SET', KEYS[1], 'v', 'NX') == false", "1", "k");
		this.both.same("EVAL", "return redis.call('SET', KEYS[1], 'v')['ok']", "1", "k");
		this.both.same("EVAL", "redis.call('SET', KEYS[1], 12345678901234) return redis.call('GET', KEYS[1])", "1",
				"k");
		this.both.same("EVAL", "redis.call('SET', KEYS[1], 0.1) return redis.call('GET', KEYS[1])", "1", "k");
		this.both.same("EVAL", "redis.call('SET', KEYS[1], 1e20) return redis.call('GET', KEYS[1])", "1", "k");
		this.both.same("EVAL", "redis.call('SET', KEYS[1], -2.5) return redis.call('GET', KEYS[1])", "1", "k");
		this.both.same("EVAL", "return redis.call('HGET', KEYS[1], 'f')", "1", "k");
		this.both.same("EVAL", "return redis.pcall('HGET', KEYS[1], 'f')", "1", "k");
		this.both.same("EVAL", "local r = redis.pcall('HGET', KEYS[1], 'f') return type(r) .. ' ' .. r['err']", "1",
				"k");
		this.both.same("EVAL", "return redis.call('ZPOPMIN', KEYS[1])", "1", "missing");
		this.both.same("EVAL", "return #redis.call('ZPOPMIN', KEYS[1])", "1", "missing");
		this.both.same("EVAL", "redis.call('ZADD', KEYS[1], 1, 'm') return redis.call('ZPOPMIN', KEYS[1])", "1", "z");
		this.both.same("EVAL", "return redis.call('LPOS', KEYS[1], 'x')", "1", "missing");
		this.both.same("EVAL", "return redis.call('EXISTS', KEYS[1]) == 1", "1", "k");
		this.both.same("EVAL", "return string.format('%.0f', 1800000000123456)", "0");
		this.both.same("EVAL", "return string.format('%.0f %s %s', 1800000000123456.4, 'a', 'b')", "0");
		this.both.same("EVAL", "return tostring(math.floor(1800000000123 / 1000))", "0");
		this.both.same("EVAL", "return tostring(1800000000123456) .. ' ' .. tostring(0.1) .. ' ' .. tostring(-2)", "0");
		this.both.same("EVAL", "return string.format('%d|%5d|%-5d|%05d|%x|%s|%s|%5.1f|%e|%g|%g|%g', 42, 42, 42, -42,"
				+ " 255, 'text', 1800000000123456, 3.14159, 12345.678, 0.0001, 1e20, 100)", "0");
		this.both.same("EVAL", "return tonumber('12') + 1", "0");
		this.both.same("EVAL", "return {string.match('123 456 789 rest of it', '^(%d+) (%d+) (%d+) ?(.*)$')}", "0");
		this.both.same("EVAL", "return {string.match('owner:12', '^(.+):[^:]*$')}", "0");
		this.both.same("EVAL", "return {unpack({'a', 'b', 'c'}, 2, 3)}", "0");
		this.both.same("EVAL", "return string.sub('abcdef', -3)", "0");
		this.both.same("EVAL", "return redis.call('GET', KEYS[1], 'extra')", "1", "k");
		this.both.same("EVAL", "return redis.call('NOSUCHCOMMAND')", "0");
		this.both.same("EVAL", "return redis.call('SET', KEYS[1], {})", "1", "k");
		this.both.same("EVAL", "return 1", "-1");
		this.both.same("EVAL", "return 1", "2", "only-one");
		this.both.close(2, "EVAL", "local t = redis.call('TIME') return tonumber(t[1])", "0");
	}

	@Test
	void lockScriptsGiveTheSameRepliesAndState() {
		String acquire = SimulatedScripts.real().source("acquire.lua");
		String release = SimulatedScripts.real().source("release.lua");
		String renew = SimulatedScripts.real().source("renew.lua");
		String renewAll = SimulatedScripts.real().source("renew-all.lua");
		String fence = SimulatedScripts.real().source("fence.lua");
		String reacquire = SimulatedScripts.real().source("reacquire.lua");
		String forceRelease = SimulatedScripts.real().source("force-release.lua");
		List<String> lockKeys = List.of("3", "lock:{a}", "lock:{a}:waiters", "lock:{a}:queue");
		this.both.same(concat(List.of("EVAL", acquire), lockKeys,
				List.of("c1:1", "30000", "0", "0", "0", "0", "\"instance\":\"c1\"", "2027-01-15T08:00:00Z")));
		this.both.same("GET", "lock:{a}");
		this.both.closeMillis("PTTL", "lock:{a}");
		this.both.closeMillis(concat(List.of("EVAL", acquire), lockKeys,
				List.of("c2:1", "20000", "5000", "20000", "7", "0", "\"instance\":\"c2\"", "2027-01-15T08:00:01Z")));
		this.both.closeMillis(concat(List.of("EVAL", acquire), lockKeys,
				List.of("c3:4", "20000", "8000", "20000", "9", "1", "\"instance\":\"c3\"", "2027-01-15T08:00:02Z")));
		this.both.same("GET", "lock:{a}");
		this.both.closeMillis("PTTL", "lock:{a}:queue");
		this.both.closeMillis("PTTL", "lock:{a}:waiters");
		this.both.same("ZCARD", "lock:{a}:queue");
		this.both.closeNumber(2_000_000, "ZSCORE", "lock:{a}:queue", "c2:1");
		this.both.same(concat(List.of("EVAL", renew), List.of("1", "lock:{a}"), List.of("c1:1", "40000")));
		this.both.same(concat(List.of("EVAL", renew), List.of("1", "lock:{a}"), List.of("c2:1", "40000")));
		this.both.closeMillis("PTTL", "lock:{a}");
		this.both.same(concat(List.of("EVAL", renewAll), List.of("2", "lock:{a}", "lock:{b}"),
				List.of("45000", "c1:", "1", "1")));
		this.both.close(2_000_000,
				concat(List.of("EVAL", fence), List.of("2", "lock:{a}", "lock:{x}:fence-counter"), List.of("c1:1")));
		this.both
			.same(concat(List.of("EVAL", fence), List.of("2", "lock:{a}", "lock:{x}:fence-counter"), List.of("c2:1")));
		this.both.same("SET", "lock:{y}:fence-counter", "1900000000000000");
		this.both
			.same(concat(List.of("EVAL", fence), List.of("2", "lock:{a}", "lock:{y}:fence-counter"), List.of("c1:1")));
		this.both.same("PTTL", "lock:{y}:fence-counter");
		List<String> releaseKeys = List.of("4", "lock:{a}", "lock:{a}:waiters", "lock:{a}:queue",
				"lock:{a}:released-by");
		List<String> releaseArgs = List.of("lock:{a}:released", "2027-01-15T08:00:03Z", "0", "lock:handoff:", "10000");
		this.both.same(concat(List.of("EVAL", release), releaseKeys, prepend("c9:9", releaseArgs)));
		this.both.same(concat(List.of("EVAL", release), releaseKeys, prepend("c1:1", releaseArgs)));
		String[] granted = this.both.sameGrant("GET", "lock:{a}");
		this.both.closeMillis("PTTL", "lock:{a}");
		this.both.same("LRANGE", "lock:{a}:released-by", "0", "-1");
		this.both.closeMillis("PTTL", "lock:{a}:released-by");
		this.both.same(concat(List.of("EVAL", release), releaseKeys, prepend("c1:1", releaseArgs)));
		this.both.same(concat(List.of("EVAL", renew), List.of("1", "lock:{a}"), List.of("c2:1", "40000")));
		this.both.close(3_000_000, concat(List.of("EVAL", acquire), lockKeys,
				List.of("c2:1", "20000", "0", "0", "0", "0", "\"instance\":\"c2\"", "2027-01-15T08:00:03Z")));
		this.both.sameGrant("GET", "lock:{a}");
		assertThat(this.both.simulated(concat(List.of("EVAL", reacquire), List.of("2", "lock:{a}", "lock:{a}:waiters"),
				List.of(granted[1], "15000", "c2:2"))))
			.isEqualTo(this.both.real(concat(List.of("EVAL", reacquire), List.of("2", "lock:{a}", "lock:{a}:waiters"),
					List.of(granted[0], "15000", "c2:2"))));
		this.both.same("GET", "lock:{a}");
		this.both.same(concat(List.of("EVAL", release), releaseKeys, prepend("c2:2", releaseArgs)));
		this.both.sameGrant("GET", "lock:{a}");
		this.both.same(concat(List.of("EVAL", release), releaseKeys, prepend("c3:4", releaseArgs)));
		this.both.same("EXISTS", "lock:{a}", "lock:{a}:waiters", "lock:{a}:queue");
		this.both.same(concat(List.of("EVAL", forceRelease), List.of("1", "lock:{a}"), List.of("lock:{a}:released")));
		this.both.same("SET", "lock:{a}", "c5:1 {}", "PX", "10000");
		this.both.same(concat(List.of("EVAL", forceRelease), List.of("1", "lock:{a}"), List.of("lock:{a}:released")));
	}

	private static String[] concat(List<String> first, List<String> second, List<String> third) {
		return java.util.stream.Stream.of(first, second, third).flatMap(List::stream).toArray(String[]::new);
	}

	private static List<String> prepend(String first, List<String> rest) {
		return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), rest.stream()).toList();
	}

}
