// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A Redis container published on the loopback interface only: a Redis without a password
 * has no business on the network. It is ready once the server says so in its log, which
 * works for the official images and for minimal ones that have no shell for
 * Testcontainers' port check.
 *
 * @author redis-lock contributors
 */
final class LoopbackRedisContainer extends GenericContainer<LoopbackRedisContainer> {

	static final int REDIS_PORT = 6379;

	LoopbackRedisContainer(RedisImage image) {
		super(DockerImageName.parse(image.imageName()));
		withExposedPorts(REDIS_PORT);
		withCreateContainerCmdModifier((create) -> create.getHostConfig()
			.withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(REDIS_PORT))));
		waitingFor(Wait.forLogMessage(".*Ready to accept connections.*\\n", 1));
	}

}
