// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.annotation.LostLeaseAction;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.redlock.RedlockStore;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.StringUtils;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Configuration properties of Redis locks and {@code @RedisLock}. As a {@link Validator},
 * which Spring Boot applies while binding without a Bean Validation provider, it stops
 * start-up on an invalid value with a message that names the property.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@ConfigurationProperties("redis-lock")
public class RedisLockProperties implements Validator {

	private static final Duration MIN_TIME = Duration.ofMillis(1);

	/** Whether to enable Redis locks and the @RedisLock annotation. */
	private boolean enabled = true;

	/**
	 * Name of the RedisConnectionFactory bean that locks use. Needed only when the
	 * application defines several and none is primary; unset, locks use the only or the
	 * primary one.
	 */
	private @Nullable String connectionFactory;

	/**
	 * Prefix of every Redis key and channel a lock uses. Must not contain braces, which
	 * would move the Redis Cluster hash tag. Services that share a Redis and this prefix
	 * share their locks: set it per service for locks of its own, or set it explicitly,
	 * even to the default, to share them on purpose and silence the start-up warning.
	 */
	private String keyPrefix = "lock:";

	/**
	 * Lease of locks whose @RedisLock does not set 'expire': how long a lock survives a
	 * holder that crashed. Renewed while held unless renewal is off. A number without a
	 * unit is in seconds, like the annotation's 'expire'.
	 */
	@DurationUnit(ChronoUnit.SECONDS)
	private Duration expire = Duration.ofSeconds(30);

	/**
	 * How long a @RedisLock method waits for a busy lock when its annotation does not set
	 * 'waitTime'. Zero tries once. A number without a unit is in seconds, like the
	 * annotation's 'waitTime'.
	 */
	@DurationUnit(ChronoUnit.SECONDS)
	private Duration waitTime = Duration.ofSeconds(3);

	/**
	 * What a @RedisLock method does when its lease is lost: 'throw' or 'log' when it
	 * finds so at release; 'interrupt' stops its work as soon as renewal finds the loss
	 * (interrupts its thread, cancels its CompletionStage, Mono or Flux), then throws.
	 */
	private LostLeaseAction lostLeaseAction = LostLeaseAction.THROW;

	/**
	 * Whether lock values and queue entries in Redis name the holder's host, process id,
	 * thread and method, for operators. When off, as for a shared Redis, they name only
	 * this instance's random id, which /actuator/locks shows.
	 */
	private boolean holderDetails = true;

	/**
	 * How many times in a row a releasing thread may pass a lock straight to a waiting
	 * thread of this instance, without a round trip to Redis for a fresh lease. Zero
	 * turns hand-offs off. Threads served by a hand-off share the previous fencing token,
	 * unless a fenced resource refused it.
	 */
	private int localHandoffs = 0;

	/**
	 * What to do at start-up when a Redis master keeping locks has a maxmemory-policy
	 * other than noeviction, which can evict held locks: 'fail' refuses to start if it
	 * also has a maxmemory limit (else warns), 'warn' warns, 'off' does not check. A
	 * policy that cannot be read (no CONFIG permission) only gets a warning.
	 */
	private EvictionCheck evictionCheck = EvictionCheck.FAIL;

	private final ReplicaAck replicaAck = new ReplicaAck();

	private final Retry retry = new Retry();

	private final Renewal renewal = new Renewal();

	private final Aspect aspect = new Aspect();

	private final Jobs jobs = new Jobs();

	private final Shutdown shutdown = new Shutdown();

	private final Metrics metrics = new Metrics();

	private final Fencing fencing = new Fencing();

	private final Redlock redlock = new Redlock();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getConnectionFactory() {
		return this.connectionFactory;
	}

	public void setConnectionFactory(@Nullable String connectionFactory) {
		this.connectionFactory = connectionFactory;
	}

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public Duration getExpire() {
		return this.expire;
	}

	public void setExpire(Duration expire) {
		this.expire = expire;
	}

	public Duration getWaitTime() {
		return this.waitTime;
	}

	public void setWaitTime(Duration waitTime) {
		this.waitTime = waitTime;
	}

	public LostLeaseAction getLostLeaseAction() {
		return this.lostLeaseAction;
	}

	public void setLostLeaseAction(LostLeaseAction lostLeaseAction) {
		this.lostLeaseAction = lostLeaseAction;
	}

	public boolean isHolderDetails() {
		return this.holderDetails;
	}

	public void setHolderDetails(boolean holderDetails) {
		this.holderDetails = holderDetails;
	}

	public int getLocalHandoffs() {
		return this.localHandoffs;
	}

	public void setLocalHandoffs(int localHandoffs) {
		this.localHandoffs = localHandoffs;
	}

	public ReplicaAck getReplicaAck() {
		return this.replicaAck;
	}

	public EvictionCheck getEvictionCheck() {
		return this.evictionCheck;
	}

	public void setEvictionCheck(EvictionCheck evictionCheck) {
		this.evictionCheck = evictionCheck;
	}

	public Retry getRetry() {
		return this.retry;
	}

	public Renewal getRenewal() {
		return this.renewal;
	}

	public Aspect getAspect() {
		return this.aspect;
	}

	public Jobs getJobs() {
		return this.jobs;
	}

	public Shutdown getShutdown() {
		return this.shutdown;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Fencing getFencing() {
		return this.fencing;
	}

	public Redlock getRedlock() {
		return this.redlock;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return RedisLockProperties.class.isAssignableFrom(clazz);
	}

	/**
	 * Times are compared, not converted, so a huge value is refused by name rather than
	 * overflowing; a wait time of any length is valid and means practically forever.
	 */
	@Override
	public void validate(Object target, Errors errors) {
		RedisLockProperties properties = (RedisLockProperties) target;
		if (!StringUtils.hasText(properties.keyPrefix)) {
			reject(errors, "keyPrefix", "redis-lock.key-prefix must not be empty");
		}
		else if (properties.keyPrefix.indexOf('{') >= 0 || properties.keyPrefix.indexOf('}') >= 0) {
			reject(errors, "keyPrefix", "redis-lock.key-prefix must not contain '{' or '}'");
		}
		else if (!properties.keyPrefix
			.equals(new String(properties.keyPrefix.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))) {
			reject(errors, "keyPrefix",
					"redis-lock.key-prefix must not contain an unpaired surrogate, which UTF-8 cannot encode");
		}
		checkLeaseTime(errors, "expire", "redis-lock.expire", properties.expire);
		if (properties.waitTime == null || properties.waitTime.isNegative()) {
			reject(errors, "waitTime", "redis-lock.wait-time must not be negative");
		}
		if (properties.localHandoffs < 0) {
			reject(errors, "localHandoffs", "redis-lock.local-handoffs must not be negative");
		}
		properties.replicaAck.validate(errors, properties.expire);
		properties.retry.validate(errors);
		properties.redlock.validate(errors, properties.expire);
		if (!properties.redlock.nodes.isEmpty()
				&& (properties.replicaAck.replicas > 0 || properties.replicaAck.fsync)) {
			reject(errors, "replicaAck", "redis-lock.replica-ack.* does not apply to a Redlock "
					+ "(redis-lock.redlock.nodes is set): its masters are independent, and it keeps a lock through "
					+ "the loss of a minority of them instead; remove redis-lock.replica-ack.replicas and fsync");
		}
		if (properties.shutdown.timeout == null || properties.shutdown.timeout.isNegative()) {
			reject(errors, "shutdown.timeout", "redis-lock.shutdown.timeout must not be negative");
		}
		if (properties.fencing.raiseTimeout == null || properties.fencing.raiseTimeout.isNegative()
				|| properties.fencing.raiseTimeout.isZero()) {
			reject(errors, "fencing.raiseTimeout", "redis-lock.fencing.raise-timeout must be positive");
		}
	}

	private static void reject(Errors errors, String field, String message) {
		errors.rejectValue(field, "redis-lock.invalid", message);
	}

	/** Returns whether the time is in the range {@link LockDefinition} allows. */
	private static boolean checkLeaseTime(Errors errors, String field, String property, @Nullable Duration time) {
		try {
			LockDefinition.checkLeaseTime(time, () -> property);
			return true;
		}
		catch (IllegalArgumentException ex) {
			reject(errors, field, ex.getMessage());
			return false;
		}
	}

	/**
	 * What to do at start-up when a Redis master keeping locks can evict keys that have
	 * an expiry ({@code maxmemory-policy} other than {@code noeviction}): every lock key
	 * has one, so such a server can drop a held lock when memory fills and let a second
	 * holder in.
	 */
	public enum EvictionCheck {

		/**
		 * Refuse to start when a server has a {@code maxmemory} limit and a policy that
		 * can evict lock keys; warn when it has such a policy but no limit yet.
		 */
		FAIL,

		/** Start, warning about each server whose policy can evict lock keys. */
		WARN,

		/** Do not read the servers' policy. */
		OFF

	}

	/**
	 * Replica acknowledgement: each write that grants or keeps a lock waits until
	 * replicas have it (WAIT), so that a failover to one of them keeps the lock.
	 */
	public static class ReplicaAck {

		/**
		 * Number of replicas that must acknowledge (WAIT) each acquisition, renewal and
		 * fencing token, so that a failover to one of them keeps the lock; an acquisition
		 * not acknowledged in time fails. Zero waits for none, and a failover can lose a
		 * lock.
		 */
		private int replicas = 0;

		/**
		 * How long a write of a lock waits for its replica acknowledgements. Shorter than
		 * the lease, and than the client's command timeout. A number without a unit is in
		 * milliseconds.
		 */
		private Duration timeout = Duration.ofMillis(500);

		/**
		 * Whether each acknowledged write must also be in the append-only file of the
		 * master and of the acknowledging replicas (WAITAOF), to survive a restart of all
		 * of them. Needs Redis 7.2 or later with appendonly enabled.
		 */
		private boolean fsync = false;

		public int getReplicas() {
			return this.replicas;
		}

		public void setReplicas(int replicas) {
			this.replicas = replicas;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

		public boolean isFsync() {
			return this.fsync;
		}

		public void setFsync(boolean fsync) {
			this.fsync = fsync;
		}

		private void validate(Errors errors, @Nullable Duration expire) {
			if (this.replicas < 0) {
				reject(errors, "replicaAck.replicas", "redis-lock.replica-ack.replicas must not be negative");
			}
			if (this.timeout == null || this.timeout.compareTo(MIN_TIME) < 0) {
				reject(errors, "replicaAck.timeout", "redis-lock.replica-ack.timeout must be at least 1 ms");
			}
			else if (expire != null && this.timeout.compareTo(expire) >= 0 && (this.replicas > 0 || this.fsync)) {
				reject(errors, "replicaAck.timeout",
						"redis-lock.replica-ack.timeout must be shorter than redis-lock.expire, or a lock could run "
								+ "out while its replicas are awaited");
			}
		}

	}

	/**
	 * Backoff between attempts on a busy lock, bounded by the wait time. Release
	 * notifications usually wake a waiter first. The defaults are those of
	 * {@link LockBackoff#DEFAULT}, written out so that IDEs can show them.
	 */
	public static class Retry {

		/**
		 * Delay before the second attempt. A number without a unit is in milliseconds.
		 */
		private Duration delay = Duration.ofMillis(50);

		/** Factor applied to each following delay. */
		private double multiplier = 2.0;

		/**
		 * Largest delay between two attempts. A number without a unit is in milliseconds.
		 */
		private Duration maxDelay = Duration.ofSeconds(1);

		/**
		 * Fraction, between 0 and 1, by which each delay is randomly shortened or
		 * lengthened so that waiters spread out.
		 */
		private double jitter = 0.2;

		public Duration getDelay() {
			return this.delay;
		}

		public void setDelay(Duration delay) {
			this.delay = delay;
		}

		public double getMultiplier() {
			return this.multiplier;
		}

		public void setMultiplier(double multiplier) {
			this.multiplier = multiplier;
		}

		public Duration getMaxDelay() {
			return this.maxDelay;
		}

		public void setMaxDelay(Duration maxDelay) {
			this.maxDelay = maxDelay;
		}

		public double getJitter() {
			return this.jitter;
		}

		public void setJitter(double jitter) {
			this.jitter = jitter;
		}

		/**
		 * Return the backoff these properties describe.
		 * @return the backoff
		 */
		public LockBackoff toBackoff() {
			return new LockBackoff(this.delay, this.multiplier, this.maxDelay, this.jitter);
		}

		private void validate(Errors errors) {
			boolean delayValid = checkLeaseTime(errors, "retry.delay", "redis-lock.retry.delay", this.delay);
			if (!(this.multiplier >= 1.0)) {
				reject(errors, "retry.multiplier", "redis-lock.retry.multiplier must be at least 1");
			}
			if (this.maxDelay == null || (delayValid && this.maxDelay.compareTo(this.delay) < 0)) {
				reject(errors, "retry.maxDelay",
						"redis-lock.retry.max-delay must not be less than redis-lock.retry.delay");
			}
			else {
				checkLeaseTime(errors, "retry.maxDelay", "redis-lock.retry.max-delay", this.maxDelay);
			}
			if (!(this.jitter >= 0.0 && this.jitter <= 1.0)) {
				reject(errors, "retry.jitter", "redis-lock.retry.jitter must be between 0 and 1");
			}
		}

	}

	/** Renewal of leases while locks are held. */
	public static class Renewal {

		/**
		 * Whether leases of @RedisLock methods are renewed while held. When false, each
		 * lease bounds how long the lock is held, whatever the annotation says.
		 * Programmatic locks keep the renewal they ask for, except the Lock methods that
		 * take no lease, which follow this setting.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/** The advisor that applies @RedisLock. */
	public static class Aspect {

		/**
		 * Order of the @RedisLock advisor among other advisors; lower runs outside. The
		 * default runs outside @Transactional, so no database connection is held while
		 * waiting for a lock.
		 */
		// Ordered.LOWEST_PRECEDENCE - 1, written out so the metadata shows the default.
		private int order = 2147483646;

		public int getOrder() {
			return this.order;
		}

		public void setOrder(int order) {
			this.order = order;
		}

	}

	/**
	 * Scheduled methods: those annotated with both {@code @Scheduled} and
	 * {@code @RedisLock}.
	 */
	public static class Jobs {

		/**
		 * Whether each tick of a @Scheduled @RedisLock method runs on one instance only:
		 * an instance that fires a tick another instance already ran, however far its
		 * clock is behind (up to the period), skips it, and such a method waits for its
		 * lock only if its annotation sets waitTime. With false, it is locked like any
		 * other method.
		 */
		private boolean oneRunPerTick = true;

		public boolean isOneRunPerTick() {
			return this.oneRunPerTick;
		}

		public void setOneRunPerTick(boolean oneRunPerTick) {
			this.oneRunPerTick = oneRunPerTick;
		}

	}

	/** Redlock: locks on a majority of independent Redis masters. */
	public static class Redlock {

		/**
		 * URLs of independent Redis masters, as Lettuce reads them:
		 * redis://[[user]:password@]host[:port][/database], or rediss:// for TLS; an odd
		 * number, at least 3, each on a server of its own. When set, locks are taken on a
		 * majority of them (Redlock) instead of on spring.data.redis, through connections
		 * set up as Spring Boot's own (client resources, client name, Lettuce
		 * customizers). Unset, locks live on spring.data.redis.
		 */
		private List<String> nodes = new ArrayList<>();

		/**
		 * How long each operation waits for the nodes' replies, and the command timeout
		 * of their connections: a node that does not answer in time counts as failed.
		 * Small compared with the lease. A number without a unit is in milliseconds.
		 */
		private Duration nodeTimeout = Duration.ofMillis(100);

		/**
		 * Share of a lease allowed for the drift between the clocks of the nodes and of
		 * this application: an acquisition counts only if the lease minus the time it
		 * took and this share, minus 2 ms, is still positive.
		 */
		private double driftFactor = 0.01;

		private final Ssl ssl = new Ssl();

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

		public Duration getNodeTimeout() {
			return this.nodeTimeout;
		}

		public void setNodeTimeout(Duration nodeTimeout) {
			this.nodeTimeout = nodeTimeout;
		}

		public double getDriftFactor() {
			return this.driftFactor;
		}

		public void setDriftFactor(double driftFactor) {
			this.driftFactor = driftFactor;
		}

		public Ssl getSsl() {
			return this.ssl;
		}

		private void validate(Errors errors, @Nullable Duration expire) {
			if (this.nodeTimeout == null || this.nodeTimeout.compareTo(MIN_TIME) < 0) {
				reject(errors, "redlock.nodeTimeout", "redis-lock.redlock.node-timeout must be at least 1 ms");
			}
			else if (!this.nodes.isEmpty() && expire != null && this.nodeTimeout.compareTo(expire) >= 0) {
				reject(errors, "redlock.nodeTimeout",
						"redis-lock.redlock.node-timeout must be shorter than redis-lock.expire");
			}
			if (!(this.driftFactor >= 0 && this.driftFactor < 0.5)) {
				reject(errors, "redlock.driftFactor",
						"redis-lock.redlock.drift-factor must be at least 0 and less than 0.5");
			}
			if (this.nodes.isEmpty()) {
				return;
			}
			if (this.nodes.size() < 3 || this.nodes.size() % 2 == 0) {
				reject(errors, "redlock.nodes", "redis-lock.redlock.nodes must list an odd number of Redis masters, "
						+ "at least 3, so that a majority is well defined; it lists " + this.nodes.size());
			}
			try {
				RedlockStore.checkNodeUrls(this.nodes);
			}
			catch (IllegalArgumentException ex) {
				reject(errors, "redlock.nodes", "redis-lock.redlock.nodes: " + ex.getMessage());
				return;
			}
			for (int i = 0; this.ssl.bundle != null && i < this.nodes.size(); i++) {
				if (!this.nodes.get(i).trim().startsWith("rediss://")) {
					reject(errors, "redlock.ssl.bundle", "redis-lock.redlock.ssl.bundle is set, so every node is "
							+ "reached over TLS, but redis-lock.redlock.nodes[" + i + "] is not a rediss:// URL");
					return;
				}
			}
		}

		/** TLS of the connections to the nodes. */
		public static class Ssl {

			/**
			 * Name of the SSL bundle (spring.ssl.bundle.*) whose trust material, and key
			 * material if it has any, the connections to every node use. The node URLs
			 * must then be rediss:// URLs. Unset, locks trust rediss:// nodes through the
			 * JVM's default trust store.
			 */
			private @Nullable String bundle;

			public @Nullable String getBundle() {
				return this.bundle;
			}

			public void setBundle(@Nullable String bundle) {
				this.bundle = bundle;
			}

		}

	}

	/** Shutdown of the lock client when the application stops. */
	public static class Shutdown {

		/**
		 * How long the lock client waits, when the application stops, for this instance's
		 * locks to be released, renewing them and refusing new ones; locks still held
		 * then are released, and their holders told at release that they were lost. Zero
		 * does not wait. Requests and tasks have already finished by then, so keep it
		 * short for shutdown to end before the platform kills the process (after 30 s on
		 * Kubernetes). A number without a unit is in milliseconds.
		 */
		private Duration timeout = Duration.ofSeconds(5);

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

	}

	/** Fenced writes: JDBC, JPA and Redis writes checked against the lease's token. */
	public static class Fencing {

		/**
		 * How long a fenced JDBC or JPA write that the database refused waits for the
		 * lock's fencing tokens to be raised above the row's before it throws the
		 * refusal, so that a Redis that does not answer holds up the transaction no
		 * longer; the raise goes on in the background. A number without a unit is in
		 * milliseconds.
		 */
		private Duration raiseTimeout = Duration.ofSeconds(1);

		public Duration getRaiseTimeout() {
			return this.raiseTimeout;
		}

		public void setRaiseTimeout(Duration raiseTimeout) {
			this.raiseTimeout = raiseTimeout;
		}

	}

	/** Metrics and traces, when Micrometer is in use. */
	public static class Metrics {

		/**
		 * Whether the name tag of the redis.lock meters and observations is each lock's
		 * evaluated key, such as order:42, instead of its label. Only for keys with few
		 * values: every distinct key makes new time series, which can exhaust memory.
		 */
		private boolean evaluatedKeys;

		public boolean isEvaluatedKeys() {
			return this.evaluatedKeys;
		}

		public void setEvaluatedKeys(boolean evaluatedKeys) {
			this.evaluatedKeys = evaluatedKeys;
		}

		/**
		 * Whether the redis.lock observations carry each lock's evaluated key, such as
		 * order:42, as the high-cardinality key value 'key', on spans only. Off since
		 * keys often hold user ids.
		 */
		private boolean includeKey;

		public boolean isIncludeKey() {
			return this.includeKey;
		}

		public void setIncludeKey(boolean includeKey) {
			this.includeKey = includeKey;
		}

	}

}
