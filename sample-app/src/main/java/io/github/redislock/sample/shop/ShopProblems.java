// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.net.URI;

import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Turns refusals into RFC 9457 problem details ({@code application/problem+json}), each
 * with its own {@code type} for clients to switch on:
 * <ul>
 * <li>a lock that was not acquired is {@code 409 Conflict} with {@code Retry-After}:
 * nothing was bought and trying again later may succeed;</li>
 * <li>sold out, already ordered and a stale fencing token are {@code 409 Conflict};</li>
 * <li>Redis unreachable is {@code 503 Service Unavailable}: the lock fails closed, so
 * nothing is sold unprotected;</li>
 * <li>a lease lost while the purchase ran is {@code 500}: the work is done and may have
 * overlapped another holder's.</li>
 * </ul>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@RestControllerAdvice
class ShopProblems {

	/**
	 * Prefix of the problem types: tag URIs (RFC 4151) name a type without promising a
	 * page behind it.
	 */
	static final String TYPE_PREFIX = "tag:redislock.github.io,2026:sample/";

	private static final Logger logger = LoggerFactory.getLogger(ShopProblems.class);

	@ExceptionHandler
	ResponseEntity<ProblemDetail> lockNotAcquired(LockAcquisitionException ex) {
		ProblemDetail problem = problem(HttpStatus.CONFLICT, "lock-not-acquired", "Purchase in progress",
				"Lock '" + ex.getLockName() + "' is held by another purchase and was not free within "
						+ ex.getWaitTime().toMillis() + " ms; nothing was bought. Try again.");
		problem.setProperty("lockName", ex.getLockName());
		problem.setProperty("waitTimeMillis", ex.getWaitTime().toMillis());
		return ResponseEntity.status(HttpStatus.CONFLICT).header(HttpHeaders.RETRY_AFTER, "1").body(problem);
	}

	@ExceptionHandler
	ProblemDetail purchaseRefused(PurchaseRefusedException ex) {
		String name = ex.getReason().name().toLowerCase().replace('_', '-');
		String title = switch (ex.getReason()) {
			case SOLD_OUT -> "Sold out";
			case ALREADY_ORDERED -> "Already ordered";
			case STALE_FENCING_TOKEN -> "Lock superseded";
		};
		ProblemDetail problem = problem(HttpStatus.CONFLICT, name, title, ex.getMessage());
		problem.setProperty("productId", ex.getProductId());
		problem.setProperty("userId", ex.getUserId());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail productNotFound(ProductNotFoundException ex) {
		return problem(HttpStatus.NOT_FOUND, "product-not-found", "No such product", ex.getMessage());
	}

	@ExceptionHandler
	ProblemDetail lockUnavailable(LockStoreException ex) {
		logger.warn("Purchase failed: Redis was not reachable for lock '{}'", ex.getLockName(), ex);
		ProblemDetail problem = problem(HttpStatus.SERVICE_UNAVAILABLE, "lock-unavailable", "Lock unavailable",
				"Redis could not be reached for lock '" + ex.getLockName() + "'; nothing was sold without it.");
		problem.setProperty("lockName", ex.getLockName());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail lockLost(LockLostException ex) {
		logger.error("The lease of lock '{}' was lost while a purchase ran", ex.getLockName(), ex);
		ProblemDetail problem = problem(HttpStatus.INTERNAL_SERVER_ERROR, "lock-lost", "Lock lost",
				"The lease of lock '" + ex.getLockName() + "' ran out while the purchase ran, so it may have "
						+ "overlapped another; check the order before retrying.");
		problem.setProperty("lockName", ex.getLockName());
		return problem;
	}

	private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(URI.create(TYPE_PREFIX + type));
		problem.setTitle(title);
		return problem;
	}

}
