// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.proxy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/**
 * The fault waiting for its command and the faults whose command was sent but whose reply
 * has not come yet. A fault is claimed by the first matching command on any connection,
 * at the moment that command passes the proxy, so that exactly one reply is affected even
 * when several connections send matching commands at once.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ReplyFaults {

	private final AtomicReference<@Nullable ReplyFault> waiting = new AtomicReference<>();

	private final Set<ReplyFault> claimed = ConcurrentHashMap.newKeySet();

	/**
	 * Wait for a fault's command, in place of the fault waiting so far, which is
	 * cancelled.
	 * @param fault the fault
	 */
	void arm(ReplyFault fault) {
		ReplyFault replaced = this.waiting.getAndSet(fault);
		if (replaced != null) {
			replaced.cancel("Replaced by a later fault before a matching command came");
		}
	}

	/**
	 * Claim the waiting fault for a command, if it matches.
	 * @param command a command on its way to Redis
	 * @return the fault to apply to the command's reply, or {@code null}
	 */
	@Nullable ReplyFault claim(RedisCommand command) {
		ReplyFault fault = this.waiting.get();
		if (fault == null) {
			return null;
		}
		boolean matches;
		try {
			matches = fault.matches(command);
		}
		catch (RuntimeException ex) {
			// A predicate that throws would otherwise be asked again on every command.
			if (this.waiting.compareAndSet(fault, null)) {
				fault.result().completeExceptionally(ex);
			}
			return null;
		}
		if (!matches || !this.waiting.compareAndSet(fault, null)) {
			return null;
		}
		this.claimed.add(fault);
		fault.result().whenComplete((description, ex) -> this.claimed.remove(fault));
		return fault;
	}

	/**
	 * Cancel the waiting fault and the claimed ones that did not happen yet; a reply held
	 * back by a cancelled delay goes on at once.
	 */
	void clear() {
		ReplyFault fault = this.waiting.getAndSet(null);
		if (fault != null) {
			fault.cancel("Faults cleared before a matching command came");
		}
		for (ReplyFault claimedFault : this.claimed) {
			claimedFault.cancel("Faults cleared before the reply came");
		}
	}

}
