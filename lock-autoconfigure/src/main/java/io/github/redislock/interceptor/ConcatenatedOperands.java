// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.ArrayList;
import java.util.List;

import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.Literal;
import org.springframework.expression.spel.ast.OpPlus;
import org.springframework.expression.spel.ast.Projection;
import org.springframework.expression.spel.ast.Selection;

/**
 * Finds the operands of {@code +} in a key expression, to check them for {@code null}:
 * SpEL concatenates {@code null} as {@code "null"}, so {@code 'order:' + #userId} would
 * lock {@code order:null} for every call without a user.
 *
 * @author redis-lock contributors
 */
final class ConcatenatedOperands {

	private ConcatenatedOperands() {
	}

	/**
	 * Skips literals, and selections and projections, whose operands refer to collection
	 * elements and cannot be evaluated on their own.
	 */
	static List<SpelNode> of(SpelNode ast) {
		List<SpelNode> operands = new ArrayList<>();
		collect(ast, operands);
		return operands;
	}

	private static void collect(SpelNode node, List<SpelNode> operands) {
		if (node instanceof Selection || node instanceof Projection) {
			return;
		}
		for (int i = 0; i < node.getChildCount(); i++) {
			SpelNode child = node.getChild(i);
			if (node instanceof OpPlus && !(child instanceof OpPlus) && !(child instanceof Literal)) {
				operands.add(child);
			}
			collect(child, operands);
		}
	}

}
