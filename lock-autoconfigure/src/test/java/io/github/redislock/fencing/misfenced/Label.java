// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing.misfenced;

import io.github.redislock.fencing.FencingToken;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.jspecify.annotations.Nullable;

/**
 * An entity whose fencing field is not a number.
 *
 * @author redis-lock contributors
 */
@Entity
public class Label {

	@Id
	private @Nullable Long id;

	@FencingToken
	private @Nullable String fence;

}
