// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.EventObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.expression.spel.support.StandardTypeConverter;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import io.github.redislock.core.LockKeyEvaluationException;

/**
 * Renders key values, including each operand of {@code +} (SpEL converts them with this
 * type converter), as text that is the same for equal values in every call and JVM, or
 * nothing is excluded; refuses values whose {@code toString()} has no stable text.
 *
 * @author redis-lock contributors
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

	/** Throws {@link KeyFormatException} if a value or element has no stable text. */
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
		else if (value instanceof CharSequence || value instanceof Number || value instanceof Boolean
				|| value instanceof Character || value instanceof Enum<?>) {
			text.append(value);
		}
		else if (value.getClass().isArray()) {
			List<String> elements = new ArrayList<>();
			for (int i = 0, length = Array.getLength(value); i < length; i++) {
				elements.add(render(Array.get(value, i)));
			}
			join(text, "[", elements, "]");
		}
		else if (value instanceof Collection<?> collection) {
			List<String> elements = new ArrayList<>(collection.size());
			collection.forEach((element) -> elements.add(render(element)));
			join(text, "[", inStableOrder(collection, elements), "]");
		}
		else if (value instanceof Map<?, ?> map) {
			List<String> entries = new ArrayList<>(map.size());
			map.forEach((key, entry) -> entries.add(render(key) + "=" + render(entry)));
			join(text, "{", inStableOrder(map, entries), "}");
		}
		else if (value instanceof Optional<?> optional) {
			text.append(optional.isPresent() ? "Optional[" + format(optional.get()) + "]" : "Optional.empty");
		}
		else if (value instanceof Record record) {
			appendRecord(text, record);
		}
		else if (value instanceof Date date) {
			text.append(instant(date));
		}
		else if (value instanceof Calendar calendar) {
			text.append(calendar.toInstant());
		}
		else if (value instanceof EventObject) {
			throw new KeyFormatException("contains the event " + value.getClass().getName()
					+ ", whose text names its source, which differs in every instance. Use one of its properties");
		}
		else {
			text.append(toText(value));
		}
	}

	private static String render(@Nullable Object value) {
		return (value != null) ? format(value) : "null";
	}

	/**
	 * Unsorted sets and maps iterate in an order that depends on their history and, for
	 * {@code Set.of} and {@code Map.of}, on the JVM: equal ones must give one name.
	 */
	private static List<String> inStableOrder(Object container, List<String> rendered) {
		if ((container instanceof Set<?> && !(container instanceof SortedSet<?>))
				|| (container instanceof Map<?, ?> && !(container instanceof SortedMap<?, ?>))) {
			Collections.sort(rendered);
		}
		return rendered;
	}

	private static void join(StringBuilder text, String open, List<String> elements, String close) {
		text.append(open).append(String.join(", ", elements)).append(close);
	}

	/**
	 * A record's implicit {@code toString()} may hide an identity hash one level down, so
	 * its components are rendered here; an overridden {@code toString()} is used as is.
	 */
	private static void appendRecord(StringBuilder text, Record record) {
		RecordComponent[] components = record.getClass().getRecordComponents();
		Object[] values = new Object[components.length];
		StringBuilder implicit = new StringBuilder(record.getClass().getSimpleName()).append('[');
		for (int i = 0; i < components.length; i++) {
			try {
				values[i] = components[i].getAccessor().invoke(record);
			}
			catch (ReflectiveOperationException | RuntimeException ex) {
				throw new KeyFormatException("contains a " + record.getClass().getName() + " whose component '"
						+ components[i].getName() + "' could not be read: " + ex);
			}
			implicit.append((i > 0) ? ", " : "").append(components[i].getName()).append('=').append(values[i]);
		}
		if (!implicit.append(']').toString().equals(record.toString())) {
			text.append(toText(record));
			return;
		}
		text.append(record.getClass().getSimpleName()).append('[');
		for (int i = 0; i < components.length; i++) {
			text.append((i > 0) ? ", " : "").append(components[i].getName()).append('=').append(render(values[i]));
		}
		text.append(']');
	}

	/** {@code Date.toString()} depends on the JVM's time zone. */
	private static Object instant(Date date) {
		try {
			return date.toInstant();
		}
		catch (UnsupportedOperationException ex) {
			// java.sql.Date and Time have no time of day or no date to speak of.
			return date.toString();
		}
	}

	private static String toText(Object value) {
		Class<?> type = userClass(value);
		if (IDENTITY_TO_STRING.get(type)) {
			throw new KeyFormatException("contains a " + type.getName()
					+ ", whose toString() is Object's: it names the instance, not its value, so every call "
					+ "would get a lock of its own. Use one of its properties (for example #order.id), or "
					+ "override toString()");
		}
		String text = value.toString();
		if (text == null) {
			throw new KeyFormatException("contains a " + type.getName() + " whose toString() "
					+ "returned null. Use one of its properties, or make toString() return its value");
		}
		// A toString() that adds to Object's, as CompletableFuture's does.
		if (text.contains(value.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(value)))) {
			throw new KeyFormatException("contains a " + type.getName() + " whose toString() (\"" + text
					+ "\") names the instance by its identity hash, not its value, so every call would get a lock "
					+ "of its own. Use one of its properties, or a value that stands for it");
		}
		return text;
	}

	/**
	 * The class whose {@code toString()} a proxy ends up calling: Spring AOP, CGLIB,
	 * Hibernate and ByteBuddy proxies declare one that delegates to the proxied class's.
	 */
	private static Class<?> userClass(Object value) {
		Class<?> type = (value instanceof Advised) ? AopProxyUtils.ultimateTargetClass(value)
				: ClassUtils.getUserClass(value);
		while (type.getSuperclass() != null && type.getSuperclass() != Object.class && isGeneratedSubclass(type)) {
			type = type.getSuperclass();
		}
		return type;
	}

	private static boolean isGeneratedSubclass(Class<?> type) {
		String name = type.getName();
		if (type.isSynthetic() || name.contains("$HibernateProxy") || name.contains("$ByteBuddy$")) {
			return true;
		}
		for (Class<?> implemented : type.getInterfaces()) {
			if (implemented.getName().equals("org.hibernate.proxy.HibernateProxy")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Thrown from inside an evaluation; the evaluator turns it into a
	 * {@link LockKeyEvaluationException} naming the method.
	 */
	static final class KeyFormatException extends RuntimeException {

		KeyFormatException(String message) {
			super(message, null, false, false);
		}

	}

}
