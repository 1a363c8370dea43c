// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One {@code UPDATE table SET ... WHERE ...} statement split at its top-level keywords,
 * so that the fence check and assignment can be added without a SQL parser. Anything the
 * split cannot place with certainty (quotes, comments, several statements, joins, named
 * parameters, clauses after {@code WHERE}) is refused, naming the statement.
 *
 * @author redis-lock contributors
 */
final class FencedUpdate {

	private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

	private static final Pattern NAMED_PARAMETER = Pattern.compile("(?<!:):[A-Za-z_]");

	private static final Set<String> REFUSED_WORDS = Set.of("FROM", "USING", "JOIN", "RETURNING", "OUTPUT", "ORDER",
			"LIMIT", "CURRENT");

	private final String table;

	private final String setClause;

	private final String whereClause;

	private final int setParameters;

	private final int parameters;

	private final String fenceColumn;

	private FencedUpdate(String table, String setClause, String whereClause, String fenceColumn) {
		this.table = table;
		this.setClause = setClause;
		this.whereClause = whereClause;
		this.fenceColumn = fenceColumn;
		this.setParameters = count(setClause, '?');
		this.parameters = this.setParameters + count(whereClause, '?');
	}

	static FencedUpdate parse(String sql, String fenceColumn) {
		String statement = sql.strip();
		if (statement.endsWith(";")) {
			statement = statement.substring(0, statement.length() - 1).strip();
		}
		for (String unsupported : List.of("'", "\"", "`", "[", ";", "--", "/*", "$")) {
			if (statement.contains(unsupported)) {
				throw refused(sql, "it contains " + unsupported
						+ " (string literals, quoted identifiers, comments and several statements are not supported: "
						+ "bind values as ? parameters)");
			}
		}
		if (NAMED_PARAMETER.matcher(statement).find()) {
			throw refused(sql, "it uses named parameters; use ? parameters");
		}
		List<Word> words = topLevelWords(sql, statement);
		if (words.isEmpty() || !words.get(0).text().equals("UPDATE")) {
			throw refused(sql, "it is not an UPDATE statement");
		}
		Word set = words.stream().filter((word) -> word.text().equals("SET")).findFirst().orElse(null);
		List<Word> wheres = words.stream().filter((word) -> word.text().equals("WHERE")).toList();
		if (set == null) {
			throw refused(sql, "it has no SET clause");
		}
		if (wheres.size() != 1 || wheres.get(0).start < set.start) {
			throw refused(sql, "it needs exactly one WHERE clause naming the rows it writes");
		}
		for (Word word : words) {
			if (REFUSED_WORDS.contains(word.text())) {
				throw refused(sql, "its " + word.text() + " clause is not supported");
			}
		}
		Word where = wheres.get(0);
		String table = statement.substring(words.get(0).end, set.start).strip();
		String setClause = statement.substring(set.end, where.start).strip();
		String whereClause = statement.substring(where.end).strip();
		if (table.isEmpty() || table.contains(",") || table.contains("(")) {
			throw refused(sql, "it must update exactly one table");
		}
		if (setClause.isEmpty() || whereClause.isEmpty()) {
			throw refused(sql, "its SET or WHERE clause is empty");
		}
		if (Pattern.compile("\\b" + Pattern.quote(fenceColumn) + "\\b", Pattern.CASE_INSENSITIVE)
			.matcher(setClause)
			.find()) {
			throw refused(sql,
					"its SET clause names the fence column " + fenceColumn + ", which the fenced update sets itself");
		}
		return new FencedUpdate(table, setClause, whereClause, fenceColumn);
	}

	/** The table, with its alias if any. */
	String table() {
		return this.table;
	}

	int parameterCount() {
		return this.parameters;
	}

	/** An equal fence is the same lease writing again. */
	String fencedSql() {
		String fence = this.fenceColumn;
		return "UPDATE " + this.table + " SET " + this.setClause + ", " + fence + " = ? WHERE (" + this.whereClause
				+ ") AND (" + fence + " IS NULL OR " + fence + " <= ?)";
	}

	/** The parameters, with the token after those of {@code SET} and of {@code WHERE}. */
	List<@Nullable Object> fencedArguments(@Nullable Object[] arguments, long fencingToken) {
		List<@Nullable Object> all = new ArrayList<>(Arrays.asList(arguments).subList(0, this.setParameters));
		all.add(fencingToken);
		all.addAll(whereArguments(arguments));
		all.add(fencingToken);
		return all;
	}

	/**
	 * Counts the rows the statement names whatever their fence, to tell a newer fence
	 * from no row, and reads the newest fence; takes {@link #whereArguments}.
	 */
	String fencesSql() {
		return "SELECT COUNT(*), MAX(" + this.fenceColumn + ") FROM " + this.table + " WHERE " + this.whereClause;
	}

	List<@Nullable Object> whereArguments(@Nullable Object[] arguments) {
		return Arrays.asList(arguments).subList(this.setParameters, arguments.length);
	}

	private static List<Word> topLevelWords(String sql, String statement) {
		List<Word> words = new ArrayList<>();
		int depth = 0;
		Matcher matcher = WORD.matcher(statement);
		int index = 0;
		while (index < statement.length()) {
			char c = statement.charAt(index);
			if (c == '(') {
				depth++;
			}
			else if (c == ')' && --depth < 0) {
				throw refused(sql, "its parentheses do not balance");
			}
			else if ((Character.isLetter(c) || c == '_') && matcher.find(index) && matcher.start() == index) {
				if (depth == 0) {
					words.add(new Word(matcher.group().toUpperCase(Locale.ROOT), matcher.start(), matcher.end()));
				}
				index = matcher.end();
				continue;
			}
			index++;
		}
		if (depth != 0) {
			throw refused(sql, "its parentheses do not balance");
		}
		return words;
	}

	private static int count(String text, char c) {
		return (int) text.chars().filter((each) -> each == c).count();
	}

	private static IllegalArgumentException refused(String sql, String reason) {
		return new IllegalArgumentException("Cannot fence '" + sql + "': " + reason
				+ ". A fenced update is one UPDATE of one table with a SET and a WHERE clause");
	}

	/** A top-level word, upper-cased, and where it is in the statement. */
	private record Word(String text, int start, int end) {

	}

}
