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
package io.github.redislock.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports Spring Boot's auto-configuration of a data source, its transaction manager, a
 * {@code JdbcTemplate} and {@code @Transactional}, whichever Spring Boot line is on the
 * classpath: Spring Boot 4 moved these classes to other packages, so they are named in
 * {@code META-INF/spring/<this annotation>.imports}, each as an {@code optional:} name
 * per line (see {@link ImportRedisAutoConfiguration}).
 *
 * @author redis-lock contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ImportAutoConfiguration
public @interface ImportJdbcAutoConfiguration {

}
