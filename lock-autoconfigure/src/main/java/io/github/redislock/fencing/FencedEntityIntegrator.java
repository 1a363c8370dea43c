// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;

import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.EventType;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.convert.DurationStyle;

/**
 * Applies {@link FencingToken @FencingToken} to every Hibernate session factory, which
 * finds it through {@code META-INF/services}: checks each entity's fencing field at
 * start-up, then adds the listener that fences its inserts, updates and deletes.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class FencedEntityIntegrator implements Integrator {

	/**
	 * The Hibernate setting, a {@link Duration} or a text such as {@code 500ms}, of how
	 * long a refused write waits for the lock's fencing tokens to be raised before it
	 * throws the refusal; {@link FencedJdbcTemplate#DEFAULT_RAISE_TIMEOUT} unless set.
	 * The auto-configuration sets it from {@code redis-lock.fencing.raise-timeout}.
	 */
	public static final String RAISE_TIMEOUT = "redis-lock.fencing.raise-timeout";

	@Override
	public void integrate(Metadata metadata, BootstrapContext bootstrapContext,
			SessionFactoryImplementor sessionFactory) {
		boolean fenced = false;
		for (PersistentClass entity : metadata.getEntityBindings()) {
			fenced |= FencedColumn.check(entity);
		}
		if (fenced) {
			Object raiseTimeout = sessionFactory.getServiceRegistry()
				.requireService(ConfigurationService.class)
				.getSettings()
				.get(RAISE_TIMEOUT);
			FencedEntityListener listener = new FencedEntityListener(raiseTimeout(raiseTimeout));
			EventListenerRegistry registry = sessionFactory.getServiceRegistry()
				.requireService(EventListenerRegistry.class);
			registry.appendListeners(EventType.PRE_INSERT, listener);
			registry.appendListeners(EventType.PRE_UPDATE, listener);
			registry.appendListeners(EventType.PRE_DELETE, listener);
		}
	}

	private static Duration raiseTimeout(@Nullable Object setting) {
		if (setting == null) {
			return FencedJdbcTemplate.DEFAULT_RAISE_TIMEOUT;
		}
		Duration timeout = (setting instanceof Duration duration) ? duration
				: DurationStyle.detectAndParse(setting.toString().trim());
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException(RAISE_TIMEOUT + " must be positive, but was " + setting);
		}
		return timeout;
	}

	@Override
	public void disintegrate(SessionFactoryImplementor sessionFactory, SessionFactoryServiceRegistry serviceRegistry) {
	}

}
