/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.aspect;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.core.convert.TypeDescriptor;
import org.springframework.expression.spel.support.StandardTypeConverter;
import org.springframework.util.ReflectionUtils;

/**
 * Turns the values of key expressions into lock-name text, both the value of a whole key
 * and each operand that {@code +} concatenates (SpEL converts those through the context's
 * type converter, which is this one).
 * <p>
 * A lock name must be the same for the same logical key in every call and every JVM, or
 * nothing is ever excluded. Two kinds of values break that through their
 * {@code toString()}: arrays ({@code #root.args}, a {@code long[]} argument), whose
 * {@code toString()} is an identity hash, and objects whose class does not override
 * {@code toString()}. Arrays, collections and maps are rendered element by element, as
 * {@code [1, 2]} and {@code {a=1}}; an object that only has {@code Object}'s
 * {@code toString()} is refused with a {@link KeyFormatException} that names its type.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockNameConverter extends StandardTypeConverter {

	private static final ClassValue<Boolean> IDENTITY_TO_STRING = new ClassValue<>() {

		@Override
		protected Boolean computeValue(Class<?> type) {
			Method toString = ReflectionUtils.findMethod(type, "toString");
			return toString == null || toString.getDeclaringClass() == Object.class;
		}

	};

	@Override
	public boolean canConvert(@Nullable TypeDescriptor sourceType, TypeDescriptor targetType) {
		return targetType.getType() == String.class || super.canConvert(sourceType, targetType);
	}

	@Override
	public @Nullable Object convertValue(@Nullable Object value, @Nullable TypeDescriptor sourceType,
			TypeDescriptor targetType) {
		if (value != null && targetType.getType() == String.class) {
			return format(value);
		}
		return super.convertValue(value, sourceType, targetType);
	}

	/**
	 * Return the lock-name text of a value.
	 * @param value the value of a key expression or of one of its operands
	 * @return its text
	 * @throws KeyFormatException if the value, or an element of it, has no stable text
	 */
	static String format(Object value) {
		if (value instanceof String string) {
			return string;
		}
		StringBuilder text = new StringBuilder();
		append(text, value);
		return text.toString();
	}

	private static void append(StringBuilder text, @Nullable Object value) {
		if (value == null) {
			text.append("null");
		}
		else if (value.getClass().isArray()) {
			text.append('[');
			for (int i = 0, length = Array.getLength(value); i < length; i++) {
				text.append((i > 0) ? ", " : "");
				append(text, Array.get(value, i));
			}
			text.append(']');
		}
		else if (value instanceof Collection<?> collection) {
			appendAll(text, collection.iterator());
		}
		else if (value instanceof Map<?, ?> map) {
			text.append('{');
			boolean first = true;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				text.append(first ? "" : ", ");
				append(text, entry.getKey());
				text.append('=');
				append(text, entry.getValue());
				first = false;
			}
			text.append('}');
		}
		else {
			text.append(toText(value));
		}
	}

	private static void appendAll(StringBuilder text, Iterator<?> elements) {
		text.append('[');
		boolean first = true;
		while (elements.hasNext()) {
			text.append(first ? "" : ", ");
			append(text, elements.next());
			first = false;
		}
		text.append(']');
	}

	private static String toText(Object value) {
		if (IDENTITY_TO_STRING.get(value.getClass())) {
			throw new KeyFormatException("contains a " + value.getClass().getName()
					+ ", whose toString() is Object's: it names the instance, not its value, so every call "
					+ "would get a lock of its own. Use one of its properties (for example #order.id), or "
					+ "override toString()");
		}
		String text = value.toString();
		if (text == null) {
			throw new KeyFormatException("contains a " + value.getClass().getName() + " whose toString() "
					+ "returned null. Use one of its properties, or make toString() return its value");
		}
		return text;
	}

	/**
	 * Thrown from inside an evaluation when a value has no stable text; the evaluator
	 * turns it into a {@link LockKeyEvaluationException} naming the method.
	 */
	static final class KeyFormatException extends RuntimeException {

		KeyFormatException(String message) {
			super(message, null, false, false);
		}

	}

}
