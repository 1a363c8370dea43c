// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/**
 * Parses and formats command arguments as Redis does: integers strictly (no sign but
 * {@code -}, no spaces, no leading zeros), scores as C doubles, doubles in replies with
 * 17 significant digits.
 *
 * @author redis-lock contributors
 */
final class Arguments {

	private Arguments() {
	}

	static long integer(String text) {
		int length = text.length();
		if (length == 0 || length > 20) {
			throw new RedisError(RedisError.NOT_AN_INTEGER);
		}
		int start = (text.charAt(0) == '-') ? 1 : 0;
		if (start == length || (text.charAt(start) == '0' && length > start + 1)
				|| (start == 1 && text.charAt(1) == '0')) {
			throw new RedisError(RedisError.NOT_AN_INTEGER);
		}
		for (int i = start; i < length; i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				throw new RedisError(RedisError.NOT_AN_INTEGER);
			}
		}
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new RedisError(RedisError.NOT_AN_INTEGER);
		}
	}

	static double score(String text) {
		String lower = text.toLowerCase(Locale.ROOT);
		if (lower.equals("inf") || lower.equals("+inf")) {
			return Double.POSITIVE_INFINITY;
		}
		if (lower.equals("-inf")) {
			return Double.NEGATIVE_INFINITY;
		}
		if (text.isEmpty() || Character.isWhitespace(text.charAt(0)) || lower.contains("n")) {
			throw new RedisError("ERR value is not a valid float");
		}
		try {
			return Double.parseDouble(text);
		}
		catch (NumberFormatException ex) {
			throw new RedisError("ERR value is not a valid float");
		}
	}

	/** A double as Redis 6.2 replies it: {@code %.17g}, trailing zeros dropped. */
	static String formatDouble(double value) {
		if (Double.isInfinite(value)) {
			return (value > 0) ? "inf" : "-inf";
		}
		if (value == Math.rint(value) && Math.abs(value) < 1e17) {
			return Long.toString((long) value);
		}
		BigDecimal decimal = new BigDecimal(value).round(new MathContext(17, java.math.RoundingMode.HALF_EVEN))
			.stripTrailingZeros();
		int exponent = decimal.precision() - decimal.scale() - 1;
		if (exponent < -4 || exponent >= 17) {
			String mantissa = decimal.movePointLeft(exponent).toPlainString();
			return mantissa + "e" + ((exponent < 0) ? "-" : "+") + String.format("%02d", Math.abs(exponent));
		}
		return decimal.toPlainString();
	}

	static void arity(List<String> args, int arity) {
		boolean wrong = (arity >= 0) ? args.size() != arity : args.size() < -arity;
		if (wrong) {
			throw new RedisError(
					"ERR wrong number of arguments for '" + args.get(0).toLowerCase(Locale.ROOT) + "' command");
		}
	}

}
