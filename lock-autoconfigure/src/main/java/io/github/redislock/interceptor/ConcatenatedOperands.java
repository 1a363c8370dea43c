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
 * Finds the operands of string concatenations in a key expression. SpEL turns a
 * {@code null} operand of {@code +} into the text {@code "null"}, so
 * {@code 'order:' + #userId} with a {@code null} user would silently lock
 * {@code order:null}, shared by every call without a user. When a key contains that text,
 * the evaluator evaluates these operands one by one to tell a {@code null} apart from a
 * real value.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ConcatenatedOperands {

	private ConcatenatedOperands() {
	}

	/**
	 * Return every operand of a {@code +} that is not itself a {@code +} or a literal,
	 * outside selections and projections (whose operands refer to collection elements and
	 * cannot be evaluated on their own).
	 * @param ast the parsed expression
	 * @return the operands' nodes
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
