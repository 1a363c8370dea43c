// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * {@code string.format} as Lua 5.1 does it in Redis, through C's {@code printf}: LuaJ's
 * own writes {@code %.0f} of a large number as {@code 1.8E15}, which would break every
 * lock script that formats a time. Also {@code tostring} of a number, which Lua 5.1
 * writes with {@code %.14g}.
 *
 * @author redis-lock contributors
 */
final class LuaFormat extends VarArgFunction {

	@Override
	public Varargs invoke(Varargs args) {
		String format = LuaScripting.text(args.checkstring(1));
		StringBuilder out = new StringBuilder();
		int arg = 2;
		for (int i = 0; i < format.length(); i++) {
			char c = format.charAt(i);
			if (c != '%') {
				out.append(c);
				continue;
			}
			i++;
			if (i < format.length() && format.charAt(i) == '%') {
				out.append('%');
				continue;
			}
			int start = i;
			while (i < format.length() && "-+ #0".indexOf(format.charAt(i)) >= 0) {
				i++;
			}
			String flags = format.substring(start, i);
			int widthStart = i;
			while (i < format.length() && Character.isDigit(format.charAt(i))) {
				i++;
			}
			int width = (i > widthStart) ? Integer.parseInt(format.substring(widthStart, i)) : 0;
			int precision = -1;
			if (i < format.length() && format.charAt(i) == '.') {
				int precisionStart = ++i;
				while (i < format.length() && Character.isDigit(format.charAt(i))) {
					i++;
				}
				precision = (i > precisionStart) ? Integer.parseInt(format.substring(precisionStart, i)) : 0;
			}
			if (i >= format.length()) {
				throw new org.luaj.vm2.LuaError("invalid option to 'format'");
			}
			char conversion = format.charAt(i);
			out.append(pad(convert(conversion, flags, precision, args, arg++), flags, width));
		}
		return LuaScripting.lua(out.toString());
	}

	private static String convert(char conversion, String flags, int precision, Varargs args, int arg) {
		switch (conversion) {
			case 'd':
			case 'i': {
				long value = (long) args.checkdouble(arg);
				String digits = Long.toString(Math.abs(value));
				if (precision > digits.length()) {
					digits = "0".repeat(precision - digits.length()) + digits;
				}
				return sign(value < 0, flags) + digits;
			}
			case 'u':
				return Long.toUnsignedString((long) args.checkdouble(arg));
			case 'c':
				return String.valueOf((char) (args.checkint(arg) & 0xff));
			case 'x':
				return Long.toHexString((long) args.checkdouble(arg));
			case 'X':
				return Long.toHexString((long) args.checkdouble(arg)).toUpperCase(Locale.ROOT);
			case 'o':
				return Long.toOctalString((long) args.checkdouble(arg));
			case 'e':
			case 'E': {
				double value = args.checkdouble(arg);
				String text = exponential(value, (precision < 0) ? 6 : precision);
				return sign(false, (value < 0) ? "" : flags)
						+ ((conversion == 'E') ? text.toUpperCase(Locale.ROOT) : text);
			}
			case 'f': {
				double value = args.checkdouble(arg);
				return sign(false, (value < 0) ? "" : flags) + fixed(value, (precision < 0) ? 6 : precision);
			}
			case 'g':
			case 'G': {
				double value = args.checkdouble(arg);
				String text = g(value, (precision < 0) ? 6 : precision, flags.contains("#"));
				return sign(false, (value < 0) ? "" : flags)
						+ ((conversion == 'G') ? text.toUpperCase(Locale.ROOT) : text);
			}
			case 's': {
				String text = text(args.arg(arg));
				return (precision >= 0 && precision < text.length()) ? text.substring(0, precision) : text;
			}
			case 'q':
				return quoted(LuaScripting.text(args.checkstring(arg)));
			default:
				throw new org.luaj.vm2.LuaError("invalid option '%" + conversion + "' to 'format'");
		}
	}

	private static String sign(boolean negative, String flags) {
		if (negative) {
			return "-";
		}
		return flags.contains("+") ? "+" : (flags.contains(" ") ? " " : "");
	}

	private static String pad(String text, String flags, int width) {
		if (text.length() >= width) {
			return text;
		}
		if (flags.contains("-")) {
			return text + " ".repeat(width - text.length());
		}
		if (flags.contains("0") && !text.isEmpty() && (Character.isDigit(text.charAt(text.length() - 1)))) {
			int signLength = (text.startsWith("-") || text.startsWith("+") || text.startsWith(" ")) ? 1 : 0;
			return text.substring(0, signLength) + "0".repeat(width - text.length()) + text.substring(signLength);
		}
		return " ".repeat(width - text.length()) + text;
	}

	/**
	 * C's {@code %g}: {@code %e} or {@code %f} by the exponent, trailing zeros dropped.
	 */
	static String g(double value, int precision, boolean keepZeros) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return Double.isNaN(value) ? "nan" : ((value > 0) ? "inf" : "-inf");
		}
		int digits = Math.max(1, precision);
		if (value == 0) {
			return keepZeros ? fixed(value, digits - 1) : "0";
		}
		BigDecimal rounded = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN));
		int exponent = rounded.precision() - rounded.scale() - 1;
		String text;
		if (exponent < -4 || exponent >= digits) {
			text = exponential(value, digits - 1);
			if (!keepZeros) {
				int e = text.indexOf('e');
				text = stripZeros(text.substring(0, e)) + text.substring(e);
			}
		}
		else {
			text = fixed(value, digits - 1 - exponent);
			if (!keepZeros) {
				text = stripZeros(text);
			}
		}
		return text;
	}

	/** C's {@code %.Nf}: the exact binary value rounded half to even, as glibc does. */
	static String fixed(double value, int precision) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return Double.isNaN(value) ? "nan" : ((value > 0) ? "inf" : "-inf");
		}
		String text = new BigDecimal(value).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
		return (value < 0 || (value == 0 && 1 / value < 0)) && !text.startsWith("-") ? "-" + text : text;
	}

	/** C's {@code %.Ne}. */
	static String exponential(double value, int precision) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return Double.isNaN(value) ? "nan" : ((value > 0) ? "inf" : "-inf");
		}
		if (value == 0) {
			return fixed(value, precision) + "e+00";
		}
		BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
		int exponent = rounded.precision() - rounded.scale() - 1;
		String mantissa = rounded.movePointLeft(exponent).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
		return mantissa + "e" + ((exponent < 0) ? "-" : "+") + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
	}

	private static String stripZeros(String number) {
		if (number.indexOf('.') < 0) {
			return number;
		}
		String stripped = number.replaceAll("0+$", "");
		return stripped.endsWith(".") ? stripped.substring(0, stripped.length() - 1) : stripped;
	}

	/** A value as Lua 5.1's {@code tostring} writes it: numbers with {@code %.14g}. */
	static String text(LuaValue value) {
		if (value.type() == LuaValue.TNUMBER) {
			return g(value.todouble(), 14, false);
		}
		if (value.type() == LuaValue.TSTRING) {
			return LuaScripting.text(value);
		}
		return value.tojstring();
	}

	private static String quoted(String text) {
		StringBuilder quoted = new StringBuilder("\"");
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"', '\\' -> quoted.append('\\').append(c);
				case '\n' -> quoted.append("\\\n");
				case '\r' -> quoted.append("\\r");
				case '\0' -> quoted.append("\\000");
				default -> quoted.append(c);
			}
		}
		return quoted.append('"').toString();
	}

	/** Lua 5.1's {@code tostring}. */
	static final class ToString extends VarArgFunction {

		private final LuaValue original;

		ToString(LuaValue original) {
			this.original = original;
		}

		@Override
		public Varargs invoke(Varargs args) {
			LuaValue value = args.arg1();
			if (value.type() == LuaValue.TNUMBER) {
				return LuaString.valueOf(text(value).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
			}
			return this.original.invoke(args);
		}

	}

}
