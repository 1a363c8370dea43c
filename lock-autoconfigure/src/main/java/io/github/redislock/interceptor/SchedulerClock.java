// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Clock;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.ScheduledAnnotationBeanPostProcessor;

/**
 * The clock of the scheduler firing {@code @Scheduled} methods, found as Spring's
 * scheduling support finds that scheduler, so that one given another clock still names
 * its ticks right.
 *
 * @author redis-lock contributors
 */
final class SchedulerClock implements Supplier<Clock> {

	private final ListableBeanFactory beanFactory;

	private volatile @Nullable Clock clock;

	SchedulerClock(ListableBeanFactory beanFactory) {
		this.beanFactory = beanFactory;
	}

	@Override
	public Clock get() {
		Clock clock = this.clock;
		if (clock == null) {
			clock = find();
			this.clock = clock;
		}
		return clock;
	}

	private Clock find() {
		String[] names = this.beanFactory.getBeanNamesForType(TaskScheduler.class, true, false);
		String name = (names.length == 1) ? names[0]
				: ScheduledAnnotationBeanPostProcessor.DEFAULT_TASK_SCHEDULER_BEAN_NAME;
		try {
			return this.beanFactory.getBean(name, TaskScheduler.class).getClock();
		}
		catch (NoSuchBeanDefinitionException ex) {
			return Clock.systemDefaultZone();
		}
	}

}
