// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.report;

import java.time.Instant;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.sample.shop.ShopRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * A nightly-style report that the sample runs every 10 seconds
 * ({@code sample.report.cron} in {@code application.yml}): it sums up the sales, logs a
 * line and publishes a {@link SalesReport}. Every instance of the sample schedules it;
 * {@code @RedisLock} on a {@code @Scheduled} method makes each tick run on one instance
 * only, the first to fire it, and the others skip that tick, however late their clocks.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Service
public class DailySalesReport {

	private static final Logger logger = LoggerFactory.getLogger(DailySalesReport.class);

	private final ShopRepository shop;

	private final ApplicationEventPublisher events;

	DailySalesReport(ShopRepository shop, ApplicationEventPublisher events) {
		this.shop = shop;
		this.events = events;
	}

	/**
	 * Report the sales. A real application would say {@code cron = "0 0 2 * * *"}, at two
	 * every night.
	 */
	@Scheduled(cron = "${sample.report.cron}")
	@RedisLock(key = "'daily-sales-report'")
	public void report() {
		SalesReport report = SalesReport.of(Instant.now(), this.shop.products());
		logger.info(report.summary());
		this.events.publishEvent(report);
	}

}
