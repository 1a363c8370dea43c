// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The development Redis as a container, published on the loopback interface only (a Redis
 * without a password has no business on the network) and ready once the server says so in
 * its log, which works for the official image and for a minimal one that has no shell for
 * Testcontainers' port check.
 *
 * @author redis-lock contributors
 */
class DevelopmentRedisContainer extends GenericContainer<DevelopmentRedisContainer> {

	static final int REDIS_PORT = 6379;

	private static final Logger logger = LoggerFactory.getLogger(DevelopmentRedisContainer.class);

	DevelopmentRedisContainer(String image) {
		super(DockerImageName.parse(image));
		withExposedPorts(REDIS_PORT);
		withCreateContainerCmdModifier((create) -> create.getHostConfig()
			.withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(REDIS_PORT))));
		waitingFor(Wait.forLogMessage(".*Ready to accept connections.*\\n", 1));
	}

	@Override
	protected void containerIsStarted(InspectContainerResponse container) {
		logger.info("Development Redis: container {} of image {} on {}:{}, run by Docker; it stops with the "
				+ "application", shortId(), getDockerImageName(), getHost(), getMappedPort(REDIS_PORT));
	}

	@Override
	protected void containerIsStopped(InspectContainerResponse container) {
		logger.info("Stopped the development Redis, container {}", shortId());
	}

	private String shortId() {
		String id = getContainerId();
		return (id != null && id.length() > 12) ? id.substring(0, 12) : String.valueOf(id);
	}

}
