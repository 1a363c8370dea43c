// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hibernate.engine.jdbc.spi.JdbcCoordinator;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.type.Type;
import org.jspecify.annotations.Nullable;

/**
 * The fence column of one entity and the one conditional UPDATE that checks and sets it,
 * so that the database, not a read before it, decides whether the token is current, and
 * its row lock keeps it so until the transaction ends.
 */
final class FencedColumn {

	private final String entityName;

	private final String fieldName;

	private final int propertyIndex;

	private final Type identifierType;

	private final int identifierColumns;

	private final String raise;

	private final String raiseLoaded;

	private final String raiseLoadedNull;

	private final String read;

	FencedColumn(String entityName, String fieldName, int propertyIndex, String table, String fence,
			String[] identifier, Type identifierType) {
		this.entityName = entityName;
		this.fieldName = fieldName;
		this.propertyIndex = propertyIndex;
		this.identifierType = identifierType;
		this.identifierColumns = identifier.length;
		String row = String.join(" = ? and ", identifier) + " = ?";
		String update = "update " + table + " set " + fence + " = ? where " + row;
		this.raise = update + " and (" + fence + " <= ? or " + fence + " is null)";
		this.raiseLoaded = update + " and " + fence + " <= ? and " + fence + " = ?";
		this.raiseLoadedNull = update + " and " + fence + " is null";
		this.read = "select " + fence + " from " + table + " where " + row;
	}

	String entityName() {
		return this.entityName;
	}

	String fieldName() {
		return this.fieldName;
	}

	int propertyIndex() {
		return this.propertyIndex;
	}

	/**
	 * Sets the row's fence to the token if it holds no larger one and, when the session
	 * loaded the row ({@code loaded}), still the one it loaded. Returns {@code null} if
	 * set or if the row is gone, else the fence the row holds.
	 */
	@Nullable Long raise(SharedSessionContractImplementor session, Object id, long token, boolean loaded,
			@Nullable Long loadedFence) {
		String sql = (!loaded) ? this.raise : (loadedFence != null) ? this.raiseLoaded : this.raiseLoadedNull;
		boolean taken = run(session, sql, "check", (statement, jdbc) -> {
			statement.setLong(1, token);
			this.identifierType.nullSafeSet(statement, id, 2, session);
			int next = 2 + this.identifierColumns;
			if (sql != this.raiseLoadedNull) {
				statement.setLong(next, token);
			}
			if (sql == this.raiseLoaded) {
				statement.setLong(next + 1, loadedFence);
			}
			return jdbc.getResultSetReturn().executeUpdate(statement, sql) > 0;
		});
		if (taken) {
			return null;
		}
		return run(session, this.read, "read", (statement, jdbc) -> {
			this.identifierType.nullSafeSet(statement, id, 1, session);
			ResultSet result = jdbc.getResultSetReturn().extract(statement, this.read);
			return result.next() ? result.getLong(1) : null;
		});
	}

	private <T extends @Nullable Object> T run(SharedSessionContractImplementor session, String sql, String action,
			Statement<T> work) {
		JdbcCoordinator jdbc = session.getJdbcCoordinator();
		PreparedStatement statement = jdbc.getStatementPreparer().prepareStatement(sql);
		try {
			return work.run(statement, jdbc);
		}
		catch (SQLException ex) {
			throw session.getJdbcServices()
				.getSqlExceptionHelper()
				.convert(ex, "Could not " + action + " the fencing token of " + this.entityName, sql);
		}
		finally {
			jdbc.getLogicalConnection().getResourceRegistry().release(statement);
			jdbc.afterStatementExecution();
		}
	}

	private interface Statement<T extends @Nullable Object> {

		T run(PreparedStatement statement, JdbcCoordinator jdbc) throws SQLException;

	}

}
