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

/**
 * Thrown at start-up on a Spring Boot line older than the starter supports.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class UnsupportedSpringBootException extends IllegalStateException {

	private final String version;

	private final String minimum;

	/**
	 * Create an exception.
	 * @param version the Spring Boot version the application runs
	 * @param minimum the oldest supported Spring Boot line
	 */
	public UnsupportedSpringBootException(String version, String minimum) {
		super("lock-spring-boot-starter needs Spring Boot " + minimum
				+ " or later, but this application runs Spring Boot " + version
				+ ". It does not start rather than run @RedisLock methods on a line where locking is untested.");
		this.version = version;
		this.minimum = minimum;
	}

	/**
	 * Return the Spring Boot version the application runs.
	 * @return the version
	 */
	public String getVersion() {
		return this.version;
	}

	/**
	 * Return the oldest supported Spring Boot line.
	 * @return the line, as major and minor version
	 */
	public String getMinimum() {
		return this.minimum;
	}

}
