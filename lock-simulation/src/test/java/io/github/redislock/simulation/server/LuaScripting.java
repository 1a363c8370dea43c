// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LoadState;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.Bit32Lib;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.VarArgFunction;
import org.luaj.vm2.lib.jse.JseBaseLib;
import org.luaj.vm2.lib.jse.JseMathLib;
import org.luaj.vm2.luajc.JavaLoader;

/**
 * Runs Lua scripts as Redis does, in LuaJ: {@code KEYS} and {@code ARGV} as globals,
 * {@code redis.call}, {@code redis.pcall}, {@code redis.error_reply} and
 * {@code redis.status_reply}, and Redis's conversions between Lua values and replies.
 * Redis runs Lua 5.1 and LuaJ is Lua 5.2; {@code unpack} is made global as in 5.1. Each
 * script source is compiled once per JVM, to a Java class by LuaJ's {@code luajc}, which
 * runs faster than LuaJ's interpreter; the class holds no state of a run, so every server
 * makes its own instance of it once and calls that one.
 *
 * @author redis-lock contributors
 */
final class LuaScripting {

	private static final LuaString KEYS = LuaString.valueOf("KEYS");

	private static final LuaString ARGV = LuaString.valueOf("ARGV");

	private static final LuaString OK = LuaString.valueOf("ok");

	/** The longest string LuaJ looks up in its cache of recent strings. */
	private static final int SHORT_STRING = 32;

	private static final LuaString ERR = LuaString.valueOf("err");

	private final Globals globals = new Globals();

	private static final Map<String, Constructor<? extends LuaFunction>> COMPILED = new ConcurrentHashMap<>();

	/** How many names and keys {@link #names} keeps at most. */
	private static final int NAMES = 1024;

	/** The commands' names and keys the scripts called, each as one string. */
	private final Map<LuaString, String> names = new HashMap<>();

	/** This server's instance of each compiled script, by source. */
	private final Map<String, LuaFunction> chunks = new HashMap<>();

	private final Function<List<String>, Object> commands;

	/**
	 * @param commands runs a command from a script, throwing {@link RedisError} for an
	 * error reply
	 */
	LuaScripting(Function<List<String>, Object> commands) {
		this.commands = commands;
		this.globals.load(new JseBaseLib());
		this.globals.load(new PackageLib());
		this.globals.load(new Bit32Lib());
		this.globals.load(new TableLib());
		this.globals.load(new StringLib());
		this.globals.load(new JseMathLib());
		LoadState.install(this.globals);
		LuaC.install(this.globals);
		if (this.globals.get("unpack").isnil()) {
			this.globals.set("unpack", this.globals.get("table").get("unpack"));
		}
		this.globals.get("string").set("format", new LuaFormat());
		this.globals.set("tostring", new LuaFormat.ToString(this.globals.get("tostring")));
		LuaTable redis = new LuaTable();
		redis.set("call", new RedisCall(true));
		redis.set("pcall", new RedisCall(false));
		redis.set("error_reply", new VarArgFunction() {
			@Override
			public Varargs invoke(Varargs args) {
				return replyTable(ERR, args.checkstring(1));
			}
		});
		redis.set("status_reply", new VarArgFunction() {
			@Override
			public Varargs invoke(Varargs args) {
				return replyTable(OK, args.checkstring(1));
			}
		});
		this.globals.set("redis", redis);
	}

	/** Runs the script: its reply, or a {@link RedisError} thrown. */
	Object eval(String source, List<String> keys, List<String> args) {
		return run(source, table(keys), table(args));
	}

	/**
	 * Runs the script with its keys and arguments as a client sends them, the keys first:
	 * its reply, or a {@link RedisError} thrown.
	 */
	Object eval(String source, byte[][] keysAndArgs, int numKeys) {
		LuaString[] strings = strings(keysAndArgs);
		LuaTable keys = new LuaTable(numKeys, 0);
		for (int i = 0; i < numKeys; i++) {
			keys.rawset(i + 1, strings[i]);
		}
		LuaTable args = new LuaTable(keysAndArgs.length - numKeys, 0);
		for (int i = numKeys; i < keysAndArgs.length; i++) {
			args.rawset(i - numKeys + 1, strings[i]);
		}
		return run(source, keys, args);
	}

	/**
	 * The values as Lua strings, each a slice of one array of them all: LuaJ makes a
	 * string of a longer array than {@value #SHORT_STRING} bytes as it is, where it looks
	 * a shorter one up in a cache that every thread shares.
	 */
	private static LuaString[] strings(byte[][] values) {
		int length = 0;
		for (byte[] value : values) {
			length += value.length;
		}
		byte[] all = new byte[Math.max(length, SHORT_STRING + 1)];
		LuaString[] strings = new LuaString[values.length];
		int offset = 0;
		for (int i = 0; i < values.length; i++) {
			System.arraycopy(values[i], 0, all, offset, values[i].length);
			strings[i] = LuaString.valueUsing(all, offset, values[i].length);
			offset += values[i].length;
		}
		return strings;
	}

	private Object run(String source, LuaTable keys, LuaTable args) {
		LuaFunction chunk = this.chunks.get(source);
		if (chunk == null) {
			chunk = chunk(COMPILED.computeIfAbsent(source, this::compile));
			this.chunks.put(source, chunk);
		}
		this.globals.rawset(KEYS, keys);
		this.globals.rawset(ARGV, args);
		Varargs result;
		try {
			result = chunk.invoke(LuaValue.NONE);
		}
		catch (LuaError ex) {
			throw new RedisError("ERR Error running script: " + errorText(ex));
		}
		return toReply(result.arg1());
	}

	private LuaFunction chunk(Constructor<? extends LuaFunction> compiled) {
		try {
			LuaFunction chunk = compiled.newInstance();
			chunk.initupvalue1(this.globals);
			return chunk;
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("cannot run a compiled script", ex);
		}
	}

	/** The script compiled to a Java class by LuaJ's {@code luajc}, once per source. */
	private Constructor<? extends LuaFunction> compile(String source) {
		try {
			Prototype prototype = this.globals.compilePrototype(
					new ByteArrayInputStream(source.getBytes(StandardCharsets.ISO_8859_1)), "@user_script");
			LuaFunction first = new JavaLoader().load(prototype, "user_script", "user_script.lua", this.globals);
			return first.getClass().getDeclaredConstructor();
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException("luajc made a script class without a constructor", ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (LuaError ex) {
			throw new RedisError("ERR Error compiling script (new function): " + ex.getMessage());
		}
	}

	private static String errorText(LuaError error) {
		LuaValue object = error.getMessageObject();
		if (object != null && object.istable() && object.get(ERR).type() == LuaValue.TSTRING) {
			return text(object.get(ERR));
		}
		return error.getMessage();
	}

	private static LuaTable table(List<String> values) {
		byte[][] bytes = new byte[values.size()][];
		for (int i = 0; i < bytes.length; i++) {
			bytes[i] = values.get(i).getBytes(StandardCharsets.ISO_8859_1);
		}
		LuaString[] strings = strings(bytes);
		LuaTable table = new LuaTable(strings.length, 0);
		for (int i = 0; i < strings.length; i++) {
			table.rawset(i + 1, strings[i]);
		}
		return table;
	}

	private static LuaTable replyTable(LuaString field, LuaString text) {
		LuaTable table = new LuaTable();
		table.set(field, text);
		return table;
	}

	/**
	 * The text as a Lua string, in a new array never changed, so without the copy
	 * {@code valueOf} makes; longer than {@value #SHORT_STRING} bytes, so that LuaJ does
	 * not look it up in (and write it to) its cache that every thread shares.
	 */
	static LuaString lua(String text) {
		int length = text.length();
		if (length > SHORT_STRING) {
			return LuaString.valueUsing(text.getBytes(StandardCharsets.ISO_8859_1));
		}
		byte[] bytes = new byte[SHORT_STRING + 1];
		for (int i = 0; i < length; i++) {
			char c = text.charAt(i);
			bytes[i] = (c <= 0xff) ? (byte) c : (byte) '?';
		}
		return LuaString.valueUsing(bytes, 0, length);
	}

	static String text(LuaValue value) {
		LuaString string = value.checkstring();
		return new String(string.m_bytes, string.m_offset, string.m_length, StandardCharsets.ISO_8859_1);
	}

	/** A reply as Redis gives it to Lua. */
	private static LuaValue toLua(Object reply) {
		if (reply == null) {
			return LuaValue.FALSE;
		}
		if (reply instanceof Long number) {
			return LuaValue.valueOf((double) number);
		}
		if (reply instanceof String text) {
			return lua(text);
		}
		if (reply instanceof Status status) {
			return replyTable(OK, lua(status.text()));
		}
		List<?> elements = (List<?>) reply;
		LuaTable table = new LuaTable(elements.size(), 0);
		for (int i = 0; i < elements.size(); i++) {
			table.set(i + 1, toLua(elements.get(i)));
		}
		return table;
	}

	/** A Lua value as Redis replies it. */
	static Object toReply(LuaValue value) {
		switch (value.type()) {
			case LuaValue.TSTRING:
				return text(value);
			case LuaValue.TNUMBER:
				return (long) value.todouble();
			case LuaValue.TBOOLEAN:
				return value.toboolean() ? 1L : null;
			case LuaValue.TTABLE: {
				LuaValue error = value.get(ERR);
				if (error.type() == LuaValue.TSTRING) {
					throw new RedisError(text(error));
				}
				LuaValue status = value.get(OK);
				if (status.type() == LuaValue.TSTRING) {
					return new Status(text(status));
				}
				List<Object> elements = new ArrayList<>();
				for (int i = 1;; i++) {
					LuaValue element = value.get(i);
					if (element.isnil()) {
						return elements;
					}
					elements.add(toReplyInArray(element));
				}
			}
			default:
				return null;
		}
	}

	private static Object toReplyInArray(LuaValue element) {
		try {
			return toReply(element);
		}
		catch (RedisError ex) {
			return ex;
		}
	}

	/** {@code redis.call} raises an error reply; {@code redis.pcall} returns it. */
	private final class RedisCall extends VarArgFunction {

		private final boolean raise;

		RedisCall(boolean raise) {
			this.raise = raise;
		}

		@Override
		public Varargs invoke(Varargs args) {
			if (args.narg() == 0) {
				return callError("Please specify at least one argument for redis.call()");
			}
			int count = args.narg();
			List<String> command = new ArrayList<>(count);
			for (int i = 1; i <= count; i++) {
				LuaValue arg = args.arg(i);
				if (arg.type() == LuaValue.TNUMBER) {
					command.add(Arguments.formatDouble(arg.todouble()));
				}
				else if (arg.type() == LuaValue.TSTRING) {
					command.add((i <= 2) ? named((LuaString) arg) : text(arg));
				}
				else {
					return callError("Lua redis() command arguments must be strings or integers");
				}
			}
			try {
				return toLua(LuaScripting.this.commands.apply(command));
			}
			catch (RedisError ex) {
				return callError(ex.getMessage());
			}
		}

		/**
		 * The command's name or key as one string each time: the keyspace and the command
		 * table then find it by the hash it keeps, and it is not made anew for every
		 * call.
		 */
		private String named(LuaString name) {
			String text = LuaScripting.this.names.get(name);
			if (text == null) {
				text = text(name);
				if (LuaScripting.this.names.size() < NAMES) {
					LuaScripting.this.names.put(name, text);
				}
			}
			return text;
		}

		private LuaValue callError(String message) {
			LuaTable reply = replyTable(ERR, lua(message));
			if (this.raise) {
				throw new LuaError(reply);
			}
			return reply;
		}

	}

}
