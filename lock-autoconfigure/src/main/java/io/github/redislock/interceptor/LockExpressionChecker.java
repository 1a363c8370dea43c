// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.BeanReference;
import org.springframework.expression.spel.ast.CompoundExpression;
import org.springframework.expression.spel.ast.FunctionReference;
import org.springframework.expression.spel.ast.InlineMap;
import org.springframework.expression.spel.ast.Projection;
import org.springframework.expression.spel.ast.PropertyOrFieldReference;
import org.springframework.expression.spel.ast.Selection;
import org.springframework.expression.spel.ast.VariableReference;

/**
 * Finds references in a key or condition expression that SpEL would only fail on (or
 * resolve to {@code null}) at call time, so they stop start-up instead. Reports only what
 * the evaluation context cannot possibly resolve.
 *
 * @author redis-lock contributors
 */
final class LockExpressionChecker {

	private final Set<String> variables = new HashSet<>();

	private final @Nullable String @Nullable [] parameterNames;

	private final int parameterCount;

	private final @Nullable BeanFactory beanFactory;

	LockExpressionChecker(Method method, @Nullable String @Nullable [] parameterNames,
			@Nullable BeanFactory beanFactory) {
		this.parameterNames = parameterNames;
		this.parameterCount = method.getParameterCount();
		this.beanFactory = beanFactory;
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

	/** The first problem and its fix, or {@code null}. */
	String @Nullable [] check(SpelNode ast) {
		return check(ast, true);
	}

	/** {@code rootScope}: a bare property name here is looked up on {@code #root}. */
	private String @Nullable [] check(SpelNode node, boolean rootScope) {
		String[] problem = checkNode(node, rootScope);
		if (problem != null) {
			return problem;
		}
		// Inside a selection or projection, bare names refer to the element; in an
		// inline map they are keys; after the head of a chain they are properties of the
		// value on the left. None of those can be checked without the runtime types.
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
			return new String[] { "'" + name + "' is neither a method parameter nor a property of #root",
					"Write '#" + name + "' to refer to a parameter, or quote literal text, as in \"'" + name + "'\"." };
		}
		if (node instanceof BeanReference bean && this.beanFactory != null) {
			String name = bean.getName();
			if (!this.beanFactory.containsBean(name)) {
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
				"Refer to a parameter by its name, or by position as #p0 or #a0 (up to #p" + (this.parameterCount - 1)
						+ ")." };
	}

}
