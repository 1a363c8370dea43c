// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A master that forgot the acquisition script runs an owner's acquisition after the
 * owner's next call: the script is sent again with its source after {@code NOSCRIPT},
 * behind that call. Its "not held" then says nothing about a loss, so a renewal or a
 * fencing token that the other masters do not decide fails loudly rather than reporting
 * the lock lost, and succeeds once that master caught up.
 *
 * @author redis-lock contributors
 */
class RedlockMasterBehindItsAcquisitionMakesNoLossTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	/** Long: the call waits for the paused master rather than deciding without it. */
	private static final Duration NODE_TIMEOUT = Duration.ofMillis(500);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@AfterEach
	void healAndClean() {
		this.redlock.closeAndHeal();
	}

	@Test
	void aRenewalDeniedByAMasterBehindItsAcquisitionIsUndecidedNotLost() throws Exception {
		String name = "renewed-behind";
		CompletableFuture<Boolean> renewed = callBehindALateAcquisition(name, "renew",
				(store) -> store.renewAsync(name, "owner", LEASE).toCompletableFuture());
		assertThat(undecided(renewed)).hasMessageContaining("1 of 3 Redlock nodes confirmed it and 1 denied it");
		this.redlock.awaitHoldingNodes(name, 3);
		assertThat(this.redlock.store.renew(name, "owner", LEASE)).as("renewed once the master caught up").isTrue();
	}

	@Test
	void aFencingTokenDeniedByAMasterBehindItsAcquisitionIsUndecidedNotLost() throws Exception {
		String name = "fenced-behind";
		CompletableFuture<Long> token = callBehindALateAcquisition(name, "fence",
				(store) -> store.issueFencingTokenAsync(name, "owner", LEASE).toCompletableFuture());
		assertThat(undecided(token)).hasMessageContaining("Redlock nodes confirmed it and 1 denied it");
		this.redlock.awaitHoldingNodes(name, 3);
		assertThat(this.redlock.store.issueFencingToken(name, "owner", LEASE)).as("issued once the master caught up")
			.isPositive();
	}

	/**
	 * Takes the lock on the first two masters while the third is paused and knows only
	 * {@code script}, then makes the call with the second paused too, and lets the third
	 * run what it queued: the acquisition (refused for want of its script), the call, and
	 * the acquisition sent again.
	 */
	private <T> CompletableFuture<T> callBehindALateAcquisition(String name, String script,
			Function<RedlockStore, CompletableFuture<T>> call) throws Exception {
		this.redlock = RedlockNodes.on(masters, NODE_TIMEOUT, 0.01);
		RedlockStore store = this.redlock.store;
		// Connected, with every script known to every master.
		assertThat(store.tryAcquire("warm-up", "warm-up", LEASE).acquired()).isTrue();
		assertThat(store.renew("warm-up", "warm-up", LEASE)).isTrue();
		assertThat(store.issueFencingToken("warm-up", "warm-up", LEASE)).isPositive();
		assertThat(store.release("warm-up", "warm-up")).isTrue();
		RedisNode behind = masters.get(2);
		behind.command("SCRIPT", "FLUSH");
		behind.command("SCRIPT", "LOAD", RedlockNodes.scriptSource(script));
		behind.pause();
		assertThat(store.tryAcquire(name, "owner", LEASE).acquired()).as("taken on the first two masters").isTrue();
		masters.get(1).pause();
		CompletableFuture<T> answer = call.apply(store);
		behind.resume();
		try {
			answer.exceptionally((failure) -> null).get(NODE_TIMEOUT.toMillis() * 4, TimeUnit.MILLISECONDS);
		}
		finally {
			masters.get(1).resume();
		}
		return answer;
	}

	private static Throwable undecided(CompletableFuture<?> answer) {
		assertThat(answer).as("answered").isDone();
		try {
			Object value = answer.get();
			throw new AssertionError("Expected the call to fail as undecided, but it answered " + value);
		}
		catch (ExecutionException ex) {
			assertThat(ex.getCause()).isInstanceOf(LockStoreException.class);
			return ex.getCause();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError(ex);
		}
	}

}
