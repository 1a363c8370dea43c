// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.jspecify.annotations.Nullable;

/**
 * Finds the {@link FencingToken @FencingToken} field of each entity: checked once against
 * the mapping at start-up, so that a field that cannot be fenced stops the application,
 * and turned into its {@link FencedColumn} at the entity's first write.
 */
final class FencedEntities {

	private final Map<String, Optional<FencedColumn>> columns = new ConcurrentHashMap<>();

	@Nullable FencedColumn find(EntityPersister persister) {
		return this.columns.computeIfAbsent(persister.getEntityName(), (name) -> column(persister)).orElse(null);
	}

	private static Optional<FencedColumn> column(EntityPersister persister) {
		Field field = fencingField(persister.getMappedClass());
		if (field == null) {
			return Optional.empty();
		}
		AbstractEntityPersister entity = (AbstractEntityPersister) persister;
		String[] fence = entity.getPropertyColumnNames(field.getName());
		return Optional.of(new FencedColumn(persister.getEntityName(), field.getName(),
				entity.getPropertyIndex(field.getName()), entity.getIdentifierTableName(), fence[0],
				entity.getIdentifierColumnNames(), entity.getIdentifierType()));
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

}
