// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.oracle;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fenced resource kept in PostgreSQL, beside the oracle's: one row per lock whose
 * {@code fence} column only a larger fencing token can move, written with conditional
 * {@code UPDATE}s as an application would, and a log of every accepted statement in
 * commit order, which the supervisor checks at the end of a run.
 * <p>
 * A holder shows its token when it enters, as its first write
 * ({@code ... WHERE fence < token}), and writes at the end of its section only while the
 * fence is still its own ({@code ... WHERE fence <= token}): a holder paused past its
 * lease finds a successor's larger token and is refused. An accepted write whose lock was
 * last entered by another holder is a stale write accepted.
 *
 * @author redis-lock contributors
 */
public final class FencedTable implements AutoCloseable {

	private static final String ENTER = """
			WITH raised AS (UPDATE fenced_resource SET fence = ? WHERE lock_name = ? AND fence < ? RETURNING lock_name)
			INSERT INTO fenced_log (lock_name, holder, token, kind) SELECT lock_name, ?, ?, 'enter' FROM raised""";

	private static final String WRITE = """
			WITH written AS (UPDATE fenced_resource SET writes = writes + 1, holder = ?
			    WHERE lock_name = ? AND fence <= ? RETURNING lock_name)
			INSERT INTO fenced_log (lock_name, holder, token, kind) SELECT lock_name, ?, ?, 'write' FROM written""";

	private final String url;

	private final String user;

	private final String password;

	private final ThreadLocal<Connection> connections = new ThreadLocal<>();

	private final List<Connection> opened = new ArrayList<>();

	/**
	 * Connect to the table's database; each thread gets its own connection on first use.
	 * @param url the JDBC URL
	 * @param user the user
	 * @param password the password
	 */
	public FencedTable(String url, String user, String password) {
		this.url = url;
		this.user = user;
		this.password = password;
	}

	/**
	 * Create the table and its log, with one row per lock, fence 0.
	 * @param locks the lock names
	 */
	public void create(List<String> locks) {
		try (Statement statement = connection().createStatement()) {
			statement.execute("CREATE TABLE fenced_resource (lock_name text PRIMARY KEY, fence bigint NOT NULL,"
					+ " holder text, writes bigint NOT NULL DEFAULT 0)");
			statement.execute("CREATE TABLE fenced_log (seq bigserial PRIMARY KEY, lock_name text NOT NULL,"
					+ " holder text NOT NULL, token bigint NOT NULL, kind text NOT NULL)");
			for (String lock : locks) {
				statement.execute("INSERT INTO fenced_resource (lock_name, fence) VALUES ('" + lock + "', 0)");
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot create the fenced table", ex);
		}
	}

	/**
	 * Show a holder's token to the resource as its first write.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param token the holder's fencing token
	 * @return whether the fence moved to the token
	 */
	public boolean enter(String lock, String holder, long token) {
		return update(ENTER, token, lock, token, holder, token);
	}

	/**
	 * Write as the holder, refused if a larger token moved the fence since.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param token the holder's fencing token
	 * @return whether the write was accepted
	 */
	public boolean write(String lock, String holder, long token) {
		return update(WRITE, holder, lock, token, holder, token);
	}

	/**
	 * Check the log in commit order: every accepted write must come from the holder that
	 * last moved its lock's fence, and the rows' write counts must match the log.
	 * @return what the check found
	 */
	public Check check() {
		Map<String, String> lastEntered = new HashMap<>();
		List<String> stale = new ArrayList<>();
		long writes = 0;
		long rowWrites;
		try (Statement statement = connection().createStatement()) {
			try (ResultSet log = statement
				.executeQuery("SELECT seq, lock_name, holder, token, kind FROM fenced_log ORDER BY seq")) {
				while (log.next()) {
					String lock = log.getString(2);
					String holder = log.getString(3);
					if ("enter".equals(log.getString(5))) {
						lastEntered.put(lock, holder);
					}
					else {
						writes++;
						if (!holder.equals(lastEntered.get(lock))) {
							stale.add(lock + " " + holder + "=" + log.getLong(4) + " (seq " + log.getLong(1)
									+ ") after " + lastEntered.get(lock) + " entered");
						}
					}
				}
			}
			try (ResultSet rows = statement.executeQuery("SELECT coalesce(sum(writes), 0) FROM fenced_resource")) {
				rows.next();
				rowWrites = rows.getLong(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot read the fenced table", ex);
		}
		return new Check(writes, rowWrites, stale);
	}

	private boolean update(String sql, Object... parameters) {
		try (PreparedStatement statement = connection().prepareStatement(sql)) {
			for (int i = 0; i < parameters.length; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			return statement.executeUpdate() == 1;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("The fenced table failed: " + ex.getMessage(), ex);
		}
	}

	private Connection connection() throws SQLException {
		Connection connection = this.connections.get();
		if (connection == null || connection.isClosed()) {
			connection = DriverManager.getConnection(this.url, this.user, this.password);
			this.connections.set(connection);
			synchronized (this.opened) {
				this.opened.add(connection);
			}
		}
		return connection;
	}

	/**
	 * Close the calling thread's connection, for a thread that ends before the worker
	 * does: PostgreSQL would otherwise keep it until the worker stops.
	 */
	public void closeThreadConnection() {
		Connection connection = this.connections.get();
		this.connections.remove();
		if (connection != null) {
			synchronized (this.opened) {
				this.opened.remove(connection);
			}
			try {
				connection.close();
			}
			catch (SQLException ex) {
				// Gone anyway.
			}
		}
	}

	@Override
	public void close() {
		synchronized (this.opened) {
			for (Connection connection : this.opened) {
				try {
					connection.close();
				}
				catch (SQLException ex) {
					// Closing anyway.
				}
			}
			this.opened.clear();
		}
	}

	/**
	 * What the end-of-run check of the table found.
	 *
	 * @param acceptedWrites accepted writes in the log
	 * @param rowWrites the sum of the rows' write counts, which must equal the log's
	 * @param staleAccepted each accepted write whose lock another holder entered last
	 */
	public record Check(long acceptedWrites, long rowWrites, List<String> staleAccepted) {

	}

}
