// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import javax.sql.DataSource;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.FencingAutoConfiguration;
import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * One application instance of {@link StaleHolderWritesAreRefusedByTheDatabaseTests}: a
 * shop whose {@code @RedisLock} methods sell stock through the auto-configured
 * {@link FencedJdbcTemplate}. Run as a JVM of its own ({@link #main}), it sells once,
 * reports its token, waits under the lock for a line on stdin (the test pauses it with
 * SIGSTOP meanwhile), sells again and reports whether the database refused it.
 *
 * @author redis-lock contributors
 */
public final class FencedStockInstance {

	static final String SELL = "UPDATE stock SET qty = qty - 1, writes = writes + 1 WHERE sku = ?";

	private FencedStockInstance() {
	}

	static ConfigurableApplicationContext start(int redisPort, String jdbcUrl, String user, String password) {
		return new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=127.0.0.1",
					"spring.data.redis.port=" + redisPort, "shop.url=" + jdbcUrl, "shop.user=" + user,
					"shop.password=" + password)
			.run();
	}

	/**
	 * Run the paused holder.
	 * @param args the Redis port, the JDBC URL, user and password
	 */
	public static void main(String[] args) {
		try (ConfigurableApplicationContext context = start(Integer.parseInt(args[0]), args[1], args[2],
				(args.length > 3) ? args[3] : "")) {
			context.getBean(Shop.class).sellAcrossAPause("a1");
		}
		catch (RuntimeException ex) {
			report("RELEASE " + ex.getClass().getSimpleName());
		}
		report("EXIT");
	}

	static void report(String line) {
		System.out.println(line);
		System.out.flush();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class, FencingAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Application {

		@Bean
		DataSource dataSource(Environment environment) {
			return new DriverManagerDataSource(environment.getRequiredProperty("shop.url"),
					environment.getRequiredProperty("shop.user"), environment.getProperty("shop.password", ""));
		}

		@Bean
		Shop shop(FencedJdbcTemplate fenced) {
			return new Shop(fenced);
		}

	}

	static class Shop {

		private final FencedJdbcTemplate fenced;

		Shop(FencedJdbcTemplate fenced) {
			this.fenced = fenced;
		}

		/**
		 * Sell several times under one short lease, as the successor.
		 */
		@RedisLock(key = "'stock:' + #sku", expire = 30, waitTime = 30)
		public long sell(String sku, int times) {
			for (int i = 0; i < times; i++) {
				this.fenced.update(SELL, sku);
			}
			return LockContext.current().getFencingToken();
		}

		/**
		 * Sell once, report, wait for the test's go (paused meanwhile, past the 2 s
		 * lease), then sell again and report the outcome.
		 */
		@RedisLock(key = "'stock:' + #sku", expire = 2, waitTime = 30)
		public void sellAcrossAPause(String sku) {
			this.fenced.update(SELL, sku);
			report("TOKEN " + LockContext.current().getFencingToken());
			try {
				new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
				report("WROTE " + this.fenced.update(SELL, sku));
			}
			catch (StaleFencingTokenException ex) {
				report("STALE " + ex.getFencingToken() + " " + ex.getMessage());
			}
			catch (Exception ex) {
				report("ERROR " + ex);
			}
		}

	}

}
