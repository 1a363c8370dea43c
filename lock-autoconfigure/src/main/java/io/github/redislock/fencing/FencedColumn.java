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
	 * loaded the row ({@code loaded}), still the one it loaded. If not taken,
	 * {@link Raise#stored} is the fence it holds.
	 */
	Raise raise(SharedSessionContractImplementor session, Object id, long token, boolean loaded,
			@Nullable Long loadedFence) {
		String sql = (!loaded) ? this.raise : (loadedFence != null) ? this.raiseLoaded : this.raiseLoadedNull;
		JdbcCoordinator jdbc = session.getJdbcCoordinator();
		PreparedStatement statement = jdbc.getStatementPreparer().prepareStatement(sql);
		try {
			statement.setLong(1, token);
			this.identifierType.nullSafeSet(statement, id, 2, session);
			int next = 2 + this.identifierColumns;
			if (sql != this.raiseLoadedNull) {
				statement.setLong(next, token);
			}
			if (sql == this.raiseLoaded) {
				statement.setLong(next + 1, loadedFence);
			}
			if (jdbc.getResultSetReturn().executeUpdate(statement, sql) > 0) {
				return new Raise(true, null);
			}
		}
		catch (SQLException ex) {
			throw session.getJdbcServices()
				.getSqlExceptionHelper()
				.convert(ex, "Could not check the fencing token of " + this.entityName, sql);
		}
		finally {
			jdbc.getLogicalConnection().getResourceRegistry().release(statement);
			jdbc.afterStatementExecution();
		}
		return new Raise(false, stored(session, id));
	}

	private @Nullable Long stored(SharedSessionContractImplementor session, Object id) {
		JdbcCoordinator jdbc = session.getJdbcCoordinator();
		PreparedStatement statement = jdbc.getStatementPreparer().prepareStatement(this.read);
		try {
			this.identifierType.nullSafeSet(statement, id, 1, session);
			ResultSet result = jdbc.getResultSetReturn().extract(statement, this.read);
			return result.next() ? result.getLong(1) : null;
		}
		catch (SQLException ex) {
			throw session.getJdbcServices()
				.getSqlExceptionHelper()
				.convert(ex, "Could not read the fencing token of " + this.entityName, this.read);
		}
		finally {
			jdbc.getLogicalConnection().getResourceRegistry().release(statement);
			jdbc.afterStatementExecution();
		}
	}

	/** The answer of {@link #raise}; {@code stored} is null if the row is gone. */
	record Raise(boolean taken, @Nullable Long stored) {
	}

}
