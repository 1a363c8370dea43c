// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.util.Arrays;

import io.github.redislock.sample.demo.LoadDemo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * A flash sale that uses {@code lock-spring-boot-starter} as any application would: the
 * starter on the classpath, {@code @RedisLock} on two methods and on a scheduled report
 * (hence {@code @EnableScheduling}), settings in {@code application.yml}, Redis wherever
 * {@code spring.data.redis.*} says (by default {@code localhost:6379}). To run it with a
 * Redis of its own, start {@code TestSampleApplication} ({@code spring-boot:test-run})
 * instead.
 * <p>
 * With {@code --demo} it runs the load demonstration on a free port, prints its table and
 * exits.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class SampleApplication {

	private static final Logger logger = LoggerFactory.getLogger(SampleApplication.class);

	public static void main(String[] args) {
		boolean demo = Arrays.asList(args).contains("--" + LoadDemo.OPTION);
		ConfigurableApplicationContext context = SpringApplication.run(SampleApplication.class,
				demo ? LoadDemo.arguments(args) : args);
		if (demo) {
			System.exit(SpringApplication.exit(context));
		}
	}

	@EventListener
	void logHowToTry(ApplicationReadyEvent event) {
		if (Arrays.asList(event.getArgs()).contains("--" + LoadDemo.OPTION)) {
			return;
		}
		String base = "http://localhost:"
				+ event.getApplicationContext().getEnvironment().getProperty("local.server.port");
		logger.info("""
				The flash sale is open. Try:
				    curl {}/api/products
				    curl -X POST '{}/api/products/1/purchase?user=alice'
				    curl -X POST '{}/api/products/1/purchase-without-lock?user=bob'
				    curl -X POST '{}/api/products/1/reset?stock=100'
				    curl {}/actuator/health""", base, base, base, base, base);
	}

}
