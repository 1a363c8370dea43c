// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockKeyEvaluationException;
import io.github.redislock.interceptor.LockNameConverter.KeyFormatException;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.CachedExpressionEvaluator;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.EvaluationException;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.ExpressionState;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * Parses {@code @RedisLock} key and condition expressions once, at start-up, and
 * evaluates them from a cache on each call, in a fresh method-based context that borrows
 * the bean resolver and type converter of one shared context.
 *
 * @author redis-lock contributors
 */
class LockKeyExpressionEvaluator extends CachedExpressionEvaluator implements BeanFactoryAware {

	private static final String KEY = "Lock key";

	private static final String CONDITION = "Condition";

	private final Map<ExpressionKey, Expression> keyCache = new ConcurrentHashMap<>(64);

	private final Map<ExpressionKey, Expression> conditionCache = new ConcurrentHashMap<>(64);

	private final Map<AnnotatedElementKey, List<SpelNode>> operandCache = new ConcurrentHashMap<>(64);

	private final StandardEvaluationContext shared = new StandardEvaluationContext();

	private @Nullable BeanFactory beanFactory;

	LockKeyExpressionEvaluator() {
		// The shared context creates its resolvers lazily and without locking: create
		// them now, before calls copy them from several threads at once.
		this.shared.setTypeConverter(new LockNameConverter());
		this.shared.applyDelegatesTo(new StandardEvaluationContext());
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.beanFactory = beanFactory;
		this.shared.setBeanResolver(new BeanFactoryResolver(beanFactory));
	}

	/**
	 * Throws {@link InvalidLockConfigurationException} if the expression does not parse
	 * or refers to what the context cannot resolve.
	 */
	void checkKey(String expression, Method method, Class<?> targetClass) {
		check(this.keyCache, "key", expression, method, targetClass);
	}

	void checkCondition(String expression, Method method, Class<?> targetClass) {
		check(this.conditionCache, "condition", expression, method, targetClass);
	}

	private void check(Map<ExpressionKey, Expression> cache, String attribute, String expression, Method method,
			Class<?> targetClass) {
		Expression parsed;
		try {
			parsed = getExpression(cache, new AnnotatedElementKey(method, targetClass), expression);
		}
		catch (ParseException ex) {
			throw InvalidRedisLock.on(method, targetClass,
					attribute + " expression \"" + expression + "\" does not parse: " + ex.getMessage(),
					"Fix the SpEL syntax of '" + attribute + "'; quote literal text, as in \"'order:' + #userId\".");
		}
		if (parsed instanceof SpelExpression spel) {
			String[] problem = new LockExpressionChecker(method, getParameterNameDiscoverer().getParameterNames(method),
					this.beanFactory)
				.check(spel.getAST());
			if (problem != null) {
				throw InvalidRedisLock.on(method, targetClass,
						attribute + " expression \"" + expression + "\": " + problem[0], problem[1]);
			}
		}
	}

	EvaluationContext createContext(RedisLockOperation operation, @Nullable Object[] args, @Nullable Object target) {
		Method method = operation.getMethod();
		LockExpressionRootObject root = new LockExpressionRootObject(method, args, target, operation.getTargetClass());
		MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(root, method, args,
				getParameterNameDiscoverer());
		this.shared.applyDelegatesTo(context);
		return context;
	}

	/**
	 * Only a boolean {@code false} skips the lock: {@code null} or a non-boolean fails
	 * the call, as guessing either way could run the method unprotected.
	 */
	boolean condition(RedisLockOperation operation, EvaluationContext context) {
		String condition = operation.getConditionExpression();
		if (condition == null) {
			return true;
		}
		Expression parsed = getExpression(this.conditionCache, operation.getElementKey(), condition);
		Object value = evaluate(operation, CONDITION, condition, parsed, context);
		if (value instanceof Boolean result) {
			return result;
		}
		// Not even the text "false": SpEL would read "", "off" and "0" as false too, and
		// a typo or a missing property must not switch the lock off.
		throw evaluationFailure(operation, CONDITION, condition,
				(value != null) ? "evaluated to a " + value.getClass().getName() + ", not a boolean"
						: "evaluated to null, which is neither true nor false",
				null);
	}

	/** The lock name, never blank; {@code context} is {@code null} without a key. */
	String key(RedisLockOperation operation, @Nullable EvaluationContext context) {
		String expression = operation.getKeyExpression();
		if (expression == null || context == null) {
			return operation.getFixedName();
		}
		Expression parsed = getExpression(this.keyCache, operation.getElementKey(), expression);
		Object value = evaluate(operation, KEY, expression, parsed, context);
		if (value == null) {
			throw evaluationFailure(operation, KEY, expression, "evaluated to null", null);
		}
		String key = format(operation, expression, value);
		if (key.isBlank()) {
			throw evaluationFailure(operation, KEY, expression, "evaluated to a blank string", null);
		}
		if (key.contains("null")) {
			rejectNullOperands(operation, expression, parsed, context);
		}
		return key;
	}

	private static String format(RedisLockOperation operation, String expression, Object value) {
		try {
			return LockNameConverter.format(value);
		}
		catch (KeyFormatException ex) {
			throw evaluationFailure(operation, KEY, expression, ex.getMessage(), null);
		}
	}

	/**
	 * Catches every {@code RuntimeException}: SpEL rethrows those of the methods an
	 * expression calls as they are, and the failure must name the annotated method.
	 */
	private static @Nullable Object evaluate(RedisLockOperation operation, String attribute, String expression,
			Expression parsed, EvaluationContext context) {
		try {
			return parsed.getValue(context);
		}
		catch (KeyFormatException ex) {
			throw evaluationFailure(operation, attribute, expression, ex.getMessage(), null);
		}
		catch (EvaluationException ex) {
			throw evaluationFailure(operation, attribute, expression, "could not be evaluated: " + ex.getMessage(), ex);
		}
		catch (RuntimeException ex) {
			throw evaluationFailure(operation, attribute, expression, "could not be evaluated: it threw " + ex, ex);
		}
	}

	/** Reached only when the key contains {@code "null"}, so most calls skip it. */
	private void rejectNullOperands(RedisLockOperation operation, String expression, Expression parsed,
			EvaluationContext context) {
		List<SpelNode> operands = this.operandCache.computeIfAbsent(operation.getElementKey(),
				(key) -> (parsed instanceof SpelExpression spel) ? ConcatenatedOperands.of(spel.getAST()) : List.of());
		for (SpelNode operand : operands) {
			Object value;
			try {
				// The operand's own node, evaluated as the whole expression evaluates it:
				// re-parsing its text would lose what surrounds it.
				value = operand.getValue(new ExpressionState(context));
			}
			catch (RuntimeException ex) {
				throw evaluationFailure(operation, KEY, expression, "could not be evaluated: it threw " + ex, ex);
			}
			if (value == null) {
				throw evaluationFailure(operation, KEY, expression,
						"concatenates '" + operand.toStringAST() + "', which evaluated to null", null);
			}
		}
	}

	private static LockKeyEvaluationException evaluationFailure(RedisLockOperation operation, String attribute,
			String expression, @Nullable String problem, @Nullable Throwable cause) {
		return new LockKeyEvaluationException(attribute + " '" + expression + "' of @RedisLock method '"
				+ InvalidRedisLock.describe(operation.getMethod(), operation.getTargetClass()) + "' " + problem
				+ "; the method was not invoked", operation.getMethod(), expression, cause);
	}

}
