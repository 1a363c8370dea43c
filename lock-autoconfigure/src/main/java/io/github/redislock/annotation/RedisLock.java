// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;

import org.springframework.core.annotation.AliasFor;

/**
 * Runs the annotated method while holding a Redis lock whose name is computed from the
 * method's arguments, so that at most one caller across every application instance runs
 * it for the same key at a time.
 * <p>
 * The method is not invoked unless the lock is acquired: a lock that stays busy for the
 * whole {@link #waitTime()} raises an exception (or calls the {@link #fallback()} or the
 * application's handler) instead of running the method unprotected. Nested calls of
 * blocking methods on the same key in the same thread re-enter the lock, and only the
 * outermost call releases it; an asynchronous or reactive method nested in a blocking one
 * on the same key, or the other way round, waits for the outer call's lock. When the
 * method runs inside a Spring transaction, or is itself {@code @Transactional}, the lock
 * is released only after the transaction completes, so the next holder sees committed
 * data. If Redis cannot be reached, the call fails with a {@code LockStoreException} and
 * the method is not invoked: locking fails closed.
 * <p>
 * Attributes left at {@code -1} take the {@code redis-lock.*} property defaults. Every
 * annotated method is checked when its bean is created, and whatever would let it run
 * without its lock stops the application at start-up: a key that does not parse, an
 * unknown parameter name, a missing fallback method, a method the bean's proxy cannot
 * intercept (private, static, {@code final}), a return type whose work completes after
 * the method returns and that the lock cannot follow (a {@code Future} other than
 * {@code CompletableFuture} and {@code CompletionStage}, unless the method is
 * {@code @Async}), or an application without the lock infrastructure. Methods returning
 * {@code CompletableFuture}, {@code CompletionStage}, {@code Mono} or {@code Flux} hold
 * the lock until their work completes.
 * <p>
 * Can be used as a meta-annotation to build composed annotations of one's own.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Target({ ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RedisLock {

	/**
	 * Alias for {@link #key()}.
	 * @return the key expression
	 */
	@AliasFor("key")
	String value() default "";

	/**
	 * Spring Expression Language (SpEL) expression for the lock name, for example
	 * {@code "'order:' + #userId"}. The evaluation context offers:
	 * <ul>
	 * <li>the method arguments by name ({@code #userId}, {@code #user.id}; needs the
	 * {@code -parameters} compiler flag, which Spring Boot's build plugins set), or by
	 * index as {@code #p0} or {@code #a0};</li>
	 * <li>{@code #root.method}, {@code #root.methodName}, {@code #root.args},
	 * {@code #root.target} and {@code #root.targetClass};</li>
	 * <li>beans as {@code @beanName}.</li>
	 * </ul>
	 * A quoted literal such as {@code "'stock'"} is a fixed name. Left empty, the lock
	 * name is the declaring class and method name, so the whole method is one mutex; a
	 * key of blanks, or a literal of blanks such as {@code "' '"}, stops start-up.
	 * <p>
	 * The value, and every value {@code +} joins into it, becomes text the same way in
	 * every call: arrays, collections and maps element by element ({@code #root.args} of
	 * a call with {@code (7, 8)} is {@code [7, 8]}), anything else by its
	 * {@code toString()}. A key that evaluates to {@code null} or a blank string, joins a
	 * {@code null}, or holds an object whose class does not override {@code toString()}
	 * fails the call with a {@code LockKeyEvaluationException}: the method is not
	 * invoked. A method returning {@code CompletableFuture}, {@code CompletionStage},
	 * {@code Mono} or {@code Flux} returns it failed with that exception, as it reports
	 * every other failure, rather than throwing it.
	 * @return the key expression
	 */
	@AliasFor("value")
	String key() default "";

	/**
	 * SpEL expression, over the same context as {@link #key()}, that decides whether to
	 * lock at all: when it evaluates to {@code false} the method runs without a lock.
	 * Empty means always lock. A condition that evaluates to {@code null} or to something
	 * other than a boolean fails the call with a {@code LockKeyEvaluationException}, and
	 * the method is not invoked; a method returning a future, a {@code Mono} or a
	 * {@code Flux} returns it failed, as for the key.
	 * @return the condition expression
	 */
	String condition() default "";

	/**
	 * How long the lock survives a holder that crashed, in {@link #timeUnit()}. While the
	 * method runs the lease is renewed (unless {@link #renew()} is {@code false}), so a
	 * slow method keeps its lock. {@code -1} takes {@code redis-lock.expire}.
	 * @return the lease
	 */
	long expire() default -1;

	/**
	 * How long to wait for a busy lock, in {@link #timeUnit()}; {@code 0} tries once.
	 * {@code -1} takes {@code redis-lock.wait-time}.
	 * @return the wait time
	 */
	long waitTime() default -1;

	/**
	 * How long the lock stays taken after the method started, in {@link #timeUnit()},
	 * even once it returned: a method that ends sooner leaves the lock in Redis until
	 * then, without any thread waiting for it, and others find it busy. For work that
	 * several instances start at about the same time and that must run once, such as a
	 * job triggered on every instance. {@code 0} releases the lock when the method
	 * returns; any other value must lie in the range of {@link #expire()} (at least 1 ms,
	 * at most about 292 years), and with {@code renew = false} be no longer than
	 * {@code expire}, or start-up fails.
	 * @return the time to hold the lock at least
	 */
	long holdAtLeast() default 0;

	/**
	 * The unit of {@link #expire()}, {@link #waitTime()} and {@link #holdAtLeast()}.
	 * @return the time unit
	 */
	TimeUnit timeUnit() default TimeUnit.SECONDS;

	/**
	 * Whether to renew the lease while the method runs. With {@code false}, the
	 * {@link #expire()} is a hard upper bound on how long the lock is held: a method that
	 * runs longer loses it. Renewal is also off when {@code redis-lock.renewal.enabled}
	 * is {@code false}.
	 * @return whether to renew the lease
	 */
	boolean renew() default true;

	/**
	 * Name of a method of the same class to call instead when the lock is not acquired.
	 * It takes the same parameters as the annotated method, optionally followed by one
	 * parameter for the exception (for example {@code LockAcquisitionException}), and
	 * returns a type assignable to the annotated method's. Empty means no fallback: the
	 * application's handler decides, which by default throws.
	 * @return the fallback method name
	 */
	String fallback() default "";

	/**
	 * The bounded name this method's locks are reported under in metrics, traces and logs
	 * (the {@code name} tag of the {@code redis.lock.*} meters), for example
	 * {@code "order"} for a key of {@code "'order:' + #orderId"}. Empty means the simple
	 * name of the bean's class and the method, such as {@code "OrderService.buy"}: never
	 * the evaluated key, whose values are unbounded, unless
	 * {@code redis-lock.metrics.evaluated-keys} asks for it.
	 * @return the label
	 */
	String label() default "";

}
