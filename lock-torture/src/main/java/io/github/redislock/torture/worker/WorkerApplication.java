// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

import io.github.redislock.torture.oracle.Oracle;

/**
 * The Spring Boot application of a worker: the starter auto-configured as any application
 * gets it, with one annotated bean.
 *
 * @author redis-lock contributors
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class WorkerApplication {

	@Bean
	AnnotatedSections annotatedSections() {
		return new AnnotatedSections();
	}

	@Bean
	LostLeaseRecorder lostLeaseRecorder(Oracle oracle) {
		return new LostLeaseRecorder(oracle);
	}

}
