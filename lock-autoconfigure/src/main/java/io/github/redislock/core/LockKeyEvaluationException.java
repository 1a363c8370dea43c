// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the key of a {@code @RedisLock} method cannot be turned into a lock name
 * for a call (it evaluated to {@code null} or a blank string, typically from a
 * {@code null} argument, to a value with no stable text, or its evaluation failed), or
 * when its condition is neither {@code true} nor {@code false}. Nothing was locked and
 * the method was not invoked: locking on the text {@code "null"} would serialize
 * unrelated calls, and running unlocked would break the guarantee. A method returning
 * {@code CompletableFuture}, {@code CompletionStage}, {@code Mono} or {@code Flux}
 * returns it failed with this exception instead of throwing it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockKeyEvaluationException extends LockException {

	private final Method method;

	private final String expression;

	/**
	 * Create an exception.
	 * @param message the detail message, naming the method and the expression
	 * @param method the annotated method
	 * @param expression the key or condition expression that failed, which also stands
	 * for the lock's name, since none was evaluated
	 * @param cause the evaluation failure, if any
	 */
	public LockKeyEvaluationException(String message, Method method, String expression, @Nullable Throwable cause) {
		super(expression, message, cause);
		this.method = method;
		this.expression = expression;
	}

	/**
	 * Return the annotated method.
	 * @return the method
	 */
	public Method getMethod() {
		return this.method;
	}

	/**
	 * Return the key or condition expression that failed.
	 * @return the expression
	 */
	public String getExpression() {
		return this.expression;
	}

}
