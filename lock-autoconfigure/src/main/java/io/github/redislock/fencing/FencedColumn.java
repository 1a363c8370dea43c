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
 * The fence column of one entity and the one statement that checks and sets it: a
 * conditional UPDATE, so that the database, not a read before it, decides whether the
 * token is newer, and the row lock it takes keeps it so until the transaction ends.
 */
final class FencedColumn {

	private final String entityName;

	private final String fieldName;

	private final int propertyIndex;

	private final Type identifierType;

	private final String raise;

	private final String read;

	FencedColumn(String entityName, String fieldName, int propertyIndex, String table, String fence,
			String[] identifier, Type identifierType) {
		this.entityName = entityName;
		this.fieldName = fieldName;
		this.propertyIndex = propertyIndex;
		this.identifierType = identifierType;
		String row = String.join(" = ? and ", identifier) + " = ?";
		this.raise = "update " + table + " set " + fence + " = ? where " + row + " and (" + fence + " < ? or " + fence
				+ " is null)";
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
	 * Set the row's fence to the token if it holds a smaller one or none.
	 * @return whether the row took the token; if not, the fence it holds (null when the
	 * row is gone, which the entity's own statement then reports as Hibernate does)
	 */
	Raise raise(SharedSessionContractImplementor session, Object id, long token) {
		JdbcCoordinator jdbc = session.getJdbcCoordinator();
		PreparedStatement statement = jdbc.getStatementPreparer().prepareStatement(this.raise);
		try {
			statement.setLong(1, token);
			this.identifierType.nullSafeSet(statement, id, 2, session);
			statement.setLong(2 + this.identifierType.getColumnSpan(session.getFactory()), token);
			if (jdbc.getResultSetReturn().executeUpdate(statement, this.raise) > 0) {
				return new Raise(true, null);
			}
		}
		catch (SQLException ex) {
			throw session.getJdbcServices()
				.getSqlExceptionHelper()
				.convert(ex, "Could not check the fencing token of " + this.entityName, this.raise);
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

	/**
	 * The answer of {@link #raise}.
	 *
	 * @param taken whether the row took the token
	 * @param stored the fence the row holds when it did not, or null if the row is gone
	 */
	record Raise(boolean taken, @Nullable Long stored) {
	}

}
