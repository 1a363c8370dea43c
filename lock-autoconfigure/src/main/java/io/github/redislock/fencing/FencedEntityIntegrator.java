// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.EventType;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;

/**
 * Applies {@link FencingToken @FencingToken} to every Hibernate session factory, which
 * finds it through {@code META-INF/services}: checks each entity's fencing field at
 * start-up, then adds the listener that fences its inserts, updates and deletes.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class FencedEntityIntegrator implements Integrator {

	@Override
	public void integrate(Metadata metadata, BootstrapContext bootstrapContext,
			SessionFactoryImplementor sessionFactory) {
		boolean fenced = false;
		for (PersistentClass entity : metadata.getEntityBindings()) {
			fenced |= FencedEntities.check(entity);
		}
		if (fenced) {
			FencedEntityListener listener = new FencedEntityListener(new FencedEntities());
			EventListenerRegistry registry = sessionFactory.getServiceRegistry()
				.requireService(EventListenerRegistry.class);
			registry.appendListeners(EventType.PRE_INSERT, listener);
			registry.appendListeners(EventType.PRE_UPDATE, listener);
			registry.appendListeners(EventType.PRE_DELETE, listener);
		}
	}

	@Override
	public void disintegrate(SessionFactoryImplementor sessionFactory, SessionFactoryServiceRegistry serviceRegistry) {
	}

}
