// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.springframework.expression.spel.ast.BeanReference;
import org.springframework.expression.spel.ast.CompoundExpression;
import org.springframework.expression.spel.ast.FunctionReference;
import org.springframework.expression.spel.ast.InlineMap;
import org.springframework.expression.spel.ast.Literal;
import org.springframework.expression.spel.ast.OpPlus;
import org.springframework.expression.spel.ast.Projection;
import org.springframework.expression.spel.ast.PropertyOrFieldReference;
import org.springframework.expression.spel.ast.Selection;
import org.springframework.expression.spel.ast.StringLiteral;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.util.StringUtils;

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
			if (attribute.equals("key") && spel.getAST() instanceof StringLiteral literal
					&& !StringUtils.hasText((String) literal.getLiteralValue().getValue())) {
				throw InvalidRedisLock.on(method, targetClass,
						"key expression \"" + expression + "\" is always blank, and a blank key names no lock",
						"Name the lock with text, as in \"'report'\", or leave 'key' empty to lock the whole method.");
			}
			String[] problem = new References(method, getParameterNameDiscoverer().getParameterNames(method))
				.check(spel.getAST(), true);
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
				(key) -> concatenatedOperands(parsed));
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

	/**
	 * The operands of {@code +}, which SpEL concatenates as {@code "null"} when null:
	 * {@code 'order:' + #userId} would lock {@code order:null} for every call without a
	 * user. Skips literals, and selections and projections, whose operands refer to
	 * collection elements and cannot be evaluated on their own.
	 */
	private static List<SpelNode> concatenatedOperands(Expression parsed) {
		List<SpelNode> operands = new ArrayList<>();
		if (parsed instanceof SpelExpression spel) {
			collectOperands(spel.getAST(), operands);
		}
		return operands;
	}

	private static void collectOperands(SpelNode node, List<SpelNode> operands) {
		if (node instanceof Selection || node instanceof Projection) {
			return;
		}
		for (int i = 0; i < node.getChildCount(); i++) {
			SpelNode child = node.getChild(i);
			if (node instanceof OpPlus && !(child instanceof OpPlus) && !(child instanceof Literal)) {
				operands.add(child);
			}
			collectOperands(child, operands);
		}
	}

	private static LockKeyEvaluationException evaluationFailure(RedisLockOperation operation, String attribute,
			String expression, @Nullable String problem, @Nullable Throwable cause) {
		return new LockKeyEvaluationException(attribute + " '" + expression + "' of @RedisLock method '"
				+ operation.getDescription() + "' " + problem + "; the method was not invoked", operation.getMethod(),
				expression, cause);
	}

	/**
	 * Finds references in a key or condition expression that SpEL would only fail on (or
	 * resolve to {@code null}) at call time, so they stop start-up instead. Reports only
	 * what the evaluation context cannot possibly resolve.
	 */
	private final class References {

		private final Set<String> variables = new HashSet<>();

		private final @Nullable String @Nullable [] parameterNames;

		private final int parameterCount;

		References(Method method, @Nullable String @Nullable [] parameterNames) {
			this.parameterNames = parameterNames;
			this.parameterCount = method.getParameterCount();
			this.variables.add("root");
			this.variables.add("this");
			for (int i = 0; i < this.parameterCount; i++) {
				this.variables.add("p" + i);
				this.variables.add("a" + i);
				if (parameterNames != null && parameterNames[i] != null) {
					this.variables.add(parameterNames[i]);
				}
			}
		}

		/**
		 * The first problem and its fix, or {@code null}; {@code rootScope}: a bare
		 * property name here is looked up on {@code #root}.
		 */
		String @Nullable [] check(SpelNode node, boolean rootScope) {
			String[] problem = checkNode(node, rootScope);
			if (problem != null) {
				return problem;
			}
			// Inside a selection or projection, bare names refer to the element; in an
			// inline map they are keys; after the head of a chain they are properties of
			// the value on the left. None of those can be checked without runtime types.
			boolean opaque = node instanceof Selection || node instanceof Projection || node instanceof InlineMap;
			for (int i = 0; i < node.getChildCount(); i++) {
				boolean childRootScope = rootScope && !opaque && !(node instanceof CompoundExpression && i > 0);
				problem = check(node.getChild(i), childRootScope);
				if (problem != null) {
					return problem;
				}
			}
			return null;
		}

		private String @Nullable [] checkNode(SpelNode node, boolean rootScope) {
			if (node instanceof VariableReference) {
				return checkVariable(node.toStringAST().substring(1));
			}
			if (node instanceof FunctionReference) {
				return new String[] { "'" + node.toStringAST() + "' calls a function, but none are registered",
						"Call a method on a parameter or a bean instead, as in '@myBean.method(#p0)'." };
			}
			if (node instanceof PropertyOrFieldReference property && rootScope
					&& !LockExpressionRootObject.PROPERTIES.contains(property.getName())) {
				String name = property.getName();
				return new String[] { "'" + name + "' is neither a method parameter nor a property of #root", "Write '#"
						+ name + "' to refer to a parameter, or quote literal text, as in \"'" + name + "'\"." };
			}
			BeanFactory beanFactory = LockKeyExpressionEvaluator.this.beanFactory;
			if (node instanceof BeanReference bean && beanFactory != null) {
				String name = bean.getName();
				if (!beanFactory.containsBean(name)) {
					return new String[] { "'@" + name + "' refers to a bean that does not exist",
							"Define a bean named '" + name + "', or correct the name." };
				}
			}
			return null;
		}

		private String @Nullable [] checkVariable(String name) {
			if (this.variables.contains(name)) {
				return null;
			}
			if (this.parameterNames == null && this.parameterCount > 0) {
				return new String[] {
						"'#" + name + "' cannot be resolved: the parameter names of the method are not " + "available",
						"Compile with the '-parameters' flag (Spring Boot's build plugins set it), "
								+ "or refer to parameters by position as #p0 or #a0." };
			}
			if (this.parameterCount == 0) {
				return new String[] { "'#" + name + "' cannot be resolved: the method takes no parameters",
						"Use a literal key, as in \"'" + name + "'\", a bean as '@myBean', or #root.methodName." };
			}
			return new String[] {
					"'#" + name + "' is not a parameter of the method; its parameters are "
							+ Arrays.toString(this.parameterNames),
					"Refer to a parameter by its name, or by position as #p0 or #a0 (up to #p"
							+ (this.parameterCount - 1) + ")." };
		}

	}

}
