// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import org.springframework.aop.config.AopConfigUtils;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers an auto-proxy creator, as {@code @EnableTransactionManagement} does, so
 * {@code @RedisLock} works with {@code spring.aop.auto=false} or without AspectJ. Proxies
 * classes unless {@code spring.aop.proxy-target-class=false}.
 *
 * @author redis-lock contributors
 */
class RedisLockProxyRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware {

	private boolean proxyTargetClass = true;

	@Override
	public void setEnvironment(Environment environment) {
		this.proxyTargetClass = environment.getProperty("spring.aop.proxy-target-class", Boolean.class, true);
	}

	@Override
	public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
		AopConfigUtils.registerAutoProxyCreatorIfNecessary(registry);
		if (this.proxyTargetClass) {
			AopConfigUtils.forceAutoProxyCreatorToUseClassProxying(registry);
		}
	}

}
