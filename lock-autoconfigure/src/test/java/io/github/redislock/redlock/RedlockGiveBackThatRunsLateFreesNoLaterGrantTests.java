// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockHolder;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redlock attempt short of a majority is given back on its masters without waiting, and
 * a give-back can run late on a master: one that forgot the release script (restarted, or
 * new) answers {@code NOSCRIPT}, and the script's source is sent again after what the
 * client sent meanwhile. Each attempt therefore asks under an owner token of its own, so
 * that such a give-back never frees the grant of a later attempt that counted that master
 * in its majority.
 *
 * @author redis-lock contributors
 */
class RedlockGiveBackThatRunsLateFreesNoLaterGrantTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	/** Long: an attempt waits for the paused master rather than deciding without it. */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);

	private static final String NAME = "late-give-back";

	private static final String KEY = "lock:{" + NAME + "}";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(5);
	}

	@AfterEach
	void healAndClean() {
		this.redlock.closeAndHeal();
	}

	@Test
	void aGiveBackSentAgainAfterNoScriptLeavesALaterAttemptsGrantInPlace() throws Exception {
		this.redlock = RedlockNodes.on(masters, NODE_TIMEOUT, 0.01);
		RedisNode forgetful = masters.get(4);
		// Connected, with every script known to every master.
		assertThat(this.redlock.store.tryAcquire("warm-up", "warm-up", LEASE, null, holder()).acquired()).isTrue();
		assertThat(this.redlock.store.release("warm-up", "warm-up")).isTrue();
		// The last master knows the acquisition script only, as after a restart that one
		// acquisition reached.
		forgetful.command("SCRIPT", "FLUSH");
		forgetful.command("SCRIPT", "LOAD", RedlockNodes.scriptSource("acquire"));
		for (int i = 0; i < 3; i++) {
			masters.get(i).command("SET", KEY, "other {}", "PX", String.valueOf(LEASE.toMillis()));
		}
		masters.get(3).command("CONFIG", "RESETSTAT");
		forgetful.pause();
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			CompletableFuture<Optional<LockLease>> acquired = client
				.tryAcquireAsync(new LockDefinition(NAME, LEASE, Duration.ofSeconds(20), true));
			// An attempt refused by three masters, taken and given back on the fourth,
			// and queued with its give-back on the paused one.
			await().atMost(Duration.ofSeconds(10)).until(() -> scriptCalls(masters.get(3)) >= 2);
			masters.get(2).command("DEL", KEY);
			// The next attempt holds the third and fourth master and waits for the paused
			// one, behind the give-backs queued there.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> Long.valueOf(1).equals(masters.get(2).command("EXISTS", KEY)));
			forgetful.resume();

			Optional<LockLease> lease = acquired.get(20, TimeUnit.SECONDS);
			assertThat(lease).as("the lock, once its masters are free").isPresent();
			// The give-backs sent again with their source have run.
			await().atMost(Duration.ofSeconds(10)).until(() -> sourceCalls(forgetful) >= 1);
			masters.get(0).command("DEL", KEY);
			masters.get(1).command("DEL", KEY);
			assertThat(this.redlock.store.tryAcquire(NAME, "intruder", LEASE, null, holder()).acquired())
				.as("another owner acquiring on the two freed masters while the lease is held")
				.isFalse();
			assertThat(lease.get().release().toCompletableFuture().get(10, TimeUnit.SECONDS))
				.as("released while still held")
				.isNull();
		}
	}

	private static LockHolder holder() {
		return LockHolder.currentThread(null);
	}

	private static long scriptCalls(RedisNode master) {
		return calls(master, "cmdstat_evalsha");
	}

	private static long sourceCalls(RedisNode master) {
		return calls(master, "cmdstat_eval");
	}

	private static long calls(RedisNode master, String stat) {
		String line = master.info("commandstats").get(stat);
		if (line == null) {
			return 0;
		}
		return Long.parseLong(line.replaceAll("^calls=(\\d+),.*$", "$1"));
	}

}
