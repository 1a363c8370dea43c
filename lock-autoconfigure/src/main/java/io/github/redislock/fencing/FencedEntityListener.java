// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.redislock.core.StaleFencingTokenException;
import org.hibernate.StaleObjectStateException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.event.spi.AbstractPreDatabaseOperationEvent;
import org.hibernate.event.spi.PreDeleteEvent;
import org.hibernate.event.spi.PreDeleteEventListener;
import org.hibernate.event.spi.PreInsertEvent;
import org.hibernate.event.spi.PreInsertEventListener;
import org.hibernate.event.spi.PreUpdateEvent;
import org.hibernate.event.spi.PreUpdateEventListener;
import org.hibernate.persister.entity.EntityPersister;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ReflectionUtils;

/**
 * Fences each write of an entity with a {@link FencingToken @FencingToken} field just
 * before Hibernate runs its statement, in the same transaction: an update or delete first
 * raises the row's fence (or is refused), and the new state carries the token so that
 * Hibernate's own statement writes the same value.
 */
final class FencedEntityListener implements PreInsertEventListener, PreUpdateEventListener, PreDeleteEventListener {

	private static final Method GET_SESSION = ReflectionUtils.findMethod(AbstractPreDatabaseOperationEvent.class,
			"getSession");

	private final Map<String, Optional<FencedColumn>> columns = new ConcurrentHashMap<>();

	private final Duration raiseTimeout;

	FencedEntityListener(Duration raiseTimeout) {
		this.raiseTimeout = raiseTimeout;
	}

	@Override
	public boolean onPreInsert(PreInsertEvent event) {
		FencedColumn column = column(event.getPersister());
		if (column != null) {
			long token = currentToken(column, "insert", event.getId()).value();
			take(event, column, event.getState(), token);
		}
		return false;
	}

	@Override
	public boolean onPreUpdate(PreUpdateEvent event) {
		FencedColumn column = column(event.getPersister());
		if (column != null) {
			long token = raise(event, column, "update", event.getOldState());
			take(event, column, event.getState(), token);
		}
		return false;
	}

	@Override
	public boolean onPreDelete(PreDeleteEvent event) {
		FencedColumn column = column(event.getPersister());
		if (column != null) {
			raise(event, column, "delete", event.getDeletedState());
		}
		return false;
	}

	private long raise(AbstractPreDatabaseOperationEvent event, FencedColumn column, String write,
			Object @Nullable [] loadedState) {
		FencingTokenSource source = currentToken(column, write, event.getId());
		long token = source.value();
		Long loaded = (loadedState != null) ? (Long) loadedState[column.propertyIndex()] : null;
		Long stored = column.raise(session(event), event.getId(), token, loadedState != null, loaded);
		if (stored == null) {
			return token;
		}
		if (stored > token) {
			String lockName = source.lockName();
			throw source
				.refused(stored, new StaleFencingTokenException(lockName, token, describe(column, event.getId()),
						"Refused to " + write + " " + describe(column, event.getId()) + " with fencing token " + token
								+ " of lock '" + lockName + "': its " + column.fieldName() + " already holds " + stored
								+ ", written by a newer holder after this lease ran out or was lost, or after the lock "
								+ "store lost the tokens it issued last (the next holder's token is raised above it)"),
						this.raiseTimeout);
		}
		// The token is current, but the row changed since this session read it.
		throw new StaleObjectStateException(column.entityName(), event.getId());
	}

	private @Nullable FencedColumn column(EntityPersister persister) {
		return this.columns
			.computeIfAbsent(persister.getEntityName(), (name) -> Optional.ofNullable(FencedColumn.of(persister)))
			.orElse(null);
	}

	private static void take(AbstractPreDatabaseOperationEvent event, FencedColumn column, Object[] state, long token) {
		state[column.propertyIndex()] = token;
		event.getPersister().setValue(event.getEntity(), column.propertyIndex(), token);
	}

	private static FencingTokenSource currentToken(FencedColumn column, String write, @Nullable Object id) {
		return FencingTokenSource.current(() -> "The " + write + " of " + describe(column, id)
				+ " (its @FencingToken field '" + column.fieldName() + "')");
	}

	/** Reflectively: {@code getSession()} returns another type in Hibernate 6 and 7. */
	private static SharedSessionContractImplementor session(AbstractPreDatabaseOperationEvent event) {
		return (SharedSessionContractImplementor) ReflectionUtils.invokeMethod(GET_SESSION, event);
	}

	private static String describe(FencedColumn column, @Nullable Object id) {
		return (id != null) ? column.entityName() + "#" + id : column.entityName();
	}

}
