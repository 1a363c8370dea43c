// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.reflect.Field;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.hibernate.engine.jdbc.spi.JdbcCoordinator;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.type.Type;
import org.jspecify.annotations.Nullable;

/**
 * The fence column of one entity, checked against the mapping at start-up so that a field
 * that cannot be fenced stops the application, and the one conditional UPDATE that checks
 * and sets it, so that the database decides whether the token is current and its row lock
 * keeps it so until the transaction ends.
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

	private FencedColumn(AbstractEntityPersister entity, String fieldName) {
		String table = entity.getIdentifierTableName();
		String fence = entity.getPropertyColumnNames(fieldName)[0];
		String[] identifier = entity.getIdentifierColumnNames();
		this.entityName = entity.getEntityName();
		this.fieldName = fieldName;
		this.propertyIndex = entity.getPropertyIndex(fieldName);
		this.identifierType = entity.getIdentifierType();
		this.identifierColumns = identifier.length;
		String row = String.join(" = ? and ", identifier) + " = ?";
		String update = "update " + table + " set " + fence + " = ? where " + row;
		this.raise = update + " and (" + fence + " <= ? or " + fence + " is null)";
		this.raiseLoaded = update + " and " + fence + " <= ? and " + fence + " = ?";
		this.raiseLoadedNull = update + " and " + fence + " is null";
		this.read = "select " + fence + " from " + table + " where " + row;
	}

	/** The entity's fence column, {@code null} if it has no fencing field. */
	static @Nullable FencedColumn of(EntityPersister persister) {
		Field field = fencingField(persister.getMappedClass());
		return (field != null) ? new FencedColumn((AbstractEntityPersister) persister, field.getName()) : null;
	}

	/**
	 * Whether the entity has a fencing field; throws {@link IllegalStateException} naming
	 * the entity and field if it cannot be fenced.
	 */
	static boolean check(PersistentClass entity) {
		Class<?> type = entity.getMappedClass();
		Field field = (type != null) ? fencingField(type) : null;
		if (field == null) {
			return false;
		}
		String where = "@FencingToken field '" + field.getName() + "' of entity " + entity.getEntityName();
		if (field.getType() != Long.class && field.getType() != long.class) {
			throw new IllegalStateException(
					where + " is a " + field.getType().getName() + ": it must be a Long or long");
		}
		if (!entity.hasProperty(field.getName())) {
			throw new IllegalStateException(where + " is not a persistent attribute of the entity: map it to a column");
		}
		if (entity.getVersion() != null && entity.getVersion().getName().equals(field.getName())) {
			throw new IllegalStateException(where + " is also its @Version: Hibernate would count it up, so give "
					+ "the fencing token a column of its own");
		}
		Property property = entity.getProperty(field.getName());
		if (property.getColumnSpan() != 1 || property.getValue().getTable() != entity.getIdentityTable()) {
			throw new IllegalStateException(where + " must be one column of " + entity.getIdentityTable().getName()
					+ ", the table that holds the entity's identifier");
		}
		return true;
	}

	private static @Nullable Field fencingField(Class<?> type) {
		Field found = null;
		for (Class<?> candidate = type; candidate != null
				&& candidate != Object.class; candidate = candidate.getSuperclass()) {
			for (Field field : candidate.getDeclaredFields()) {
				if (field.isAnnotationPresent(FencingToken.class)) {
					if (found != null) {
						throw new IllegalStateException("Entity " + type.getName() + " has two @FencingToken fields, '"
								+ found.getName() + "' and '" + field.getName() + "': it can have one");
					}
					found = field;
				}
			}
		}
		return found;
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
