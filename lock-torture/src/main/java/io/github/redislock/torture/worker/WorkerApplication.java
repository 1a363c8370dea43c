/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

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
