// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.testsupport.PostgresServer;
import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;
import io.github.redislock.torture.supervisor.FaultInjector.PauseWindow;

/**
 * A whole torture run: the lock Redis (standalone behind the fault proxy, Sentinel,
 * Cluster or Redlock), an oracle Redis and a PostgreSQL holding the fenced table, which
 * no fault touches, worker JVMs, a fault-free phase, then every fault kind injected on a
 * seeded schedule, a settle, the final checks and a graceful shutdown of every worker.
 *
 * @author redis-lock contributors
 */
public final class TortureRun {

	private static final Logger logger = LoggerFactory.getLogger(TortureRun.class);

	private static final String KEY_PREFIX = "lock:";

	/**
	 * How long the store keeps a released-by key, with a TTL, so that a release sent
	 * again is told apart from a loss.
	 */
	private static final Duration RELEASED_BY_MEMORY = Duration.ofSeconds(10);

	private final TortureSettings settings;

	private final Path logDirectory;

	/**
	 * Prepare a run.
	 * @param settings its size and seed
	 * @param logDirectory where the workers' output goes
	 */
	public TortureRun(TortureSettings settings, Path logDirectory) {
		this.settings = settings;
		this.logDirectory = logDirectory;
	}

	/**
	 * Run, and return what it found.
	 * @return the summary
	 */
	public TortureSummary run() {
		long started = System.nanoTime();
		createLogDirectory();
		try (RedisFixture fixture = new RedisFixture(); PostgresServer postgres = PostgresServer.start()) {
			RedisNode oracleRedis = fixture.standalone();
			try (LockRedis redis = LockRedis.start(this.settings.topology(), fixture);
					Oracle oracle = new Oracle(oracleRedis.port());
					FailoverWatch failoverWatch = redis.watchFailovers(oracle);
					FencedTable table = new FencedTable(postgres.jdbcUrl(), postgres.user(), postgres.password());
					RecoveryProbe probe = probe(redis, oracle, table);
					SupervisorConnection direct = new SupervisorConnection(
							redis.connectionFactory(Duration.ofSeconds(5)));
					TtlSampler sampler = new TtlSampler(direct.redis(), KEY_PREFIX);
					Workers workers = new Workers(this.settings.workers(),
							workerArguments(redis, oracleRedis, postgres), this.logDirectory, oracle,
							this.settings.locks())) {
				table.create(this.settings.locks());
				logger.info("Torture run, seed {}: {}, starting {} workers", this.settings.seed(), redis.description(),
						this.settings.workers());
				workers.startAll();
				long faultFree = awaitSections(oracle, workers, this.settings.faultFreeSections());
				FaultInjector injector = new FaultInjector(oracle, redis, failoverWatch, direct.redis(),
						new LockKeys(KEY_PREFIX), workers, probe, this.settings.locks());
				List<FaultKind> kinds = this.settings.faults().stream().filter(redis::supports).toList();
				List<InjectedFault> faults = injectFaults(injector, workers, kinds);
				long finalRecovery = probe.acquireAll(System.nanoTime(), "the final check",
						failoverWatch.leaseLengtheningAfter(System.currentTimeMillis()));
				Map<String, String> stopFailures = workers.stopAll(Duration.ofSeconds(60));
				probe.close();
				sampler.close();
				Leftovers leftovers = new Leftovers(sampler.keysWithoutTtl(),
						awaitKeysGone(direct.redis(), RELEASED_BY_MEMORY.plus(redis.clockSpread())), channels(redis),
						shutdownReports(oracle), stopFailures, workers.unexpectedExits(), probe.heldLocks());
				List<String> header = List.of(String.format(
						"Lock torture, %s tier, seed %d: %s, %d worker JVMs x %d threads (annotation and programmatic), %d locks, lease %d ms, wait %d ms, command timeout %d ms, longest acquisition %d ms",
						this.settings.tier(), this.settings.seed(), redis.description(), this.settings.workers(),
						this.settings.threads(), this.settings.locks().size(), TortureTimings.LEASE_MS,
						TortureTimings.WAIT_MS, TortureTimings.COMMAND_TIMEOUT_MS,
						redis.longestAcquisition().toMillis()),
						"Replay the fault schedule with -Dtorture.seed=" + this.settings.seed()
								+ (this.settings.topology().equals("standalone") ? ""
										: " -Dtorture.topology=" + this.settings.topology()));
				List<Failover> failovers = failoverWatch.failovers();
				List<String> events = oracle.events();
				writeRecord(faults, failovers, events);
				List<String> notes = new ArrayList<>(injector.notes());
				notes.addAll(
						probe.lateAcquisitions().stream().map((late) -> "probe acquisition late: " + late).toList());
				notes.addAll(probe.unrecovered());
				notes.addAll(probe.outrun().stream().map((outrun) -> "probe outrun: " + outrun).toList());
				FencedTable.Check jdbc = table.check();
				return new TortureSummary(header, counts(oracle), jdbc, faultFree, Set.copyOf(kinds), faults, failovers,
						finalRecovery, events, oracle.reported(), oracle.commands().lrange("late", 0, -1),
						injector.pauses(), stalls(oracle), leftovers, notes,
						Duration.ofNanos(System.nanoTime() - started));
			}
		}
	}

	/** What the workers' stall watches recorded. */
	private static List<PauseWindow> stalls(Oracle oracle) {
		return oracle.commands().lrange("stalls", 0, -1).stream().map((stall) -> {
			String[] parts = stall.split(" ");
			return new PauseWindow(parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]));
		}).toList();
	}

	private RecoveryProbe probe(LockRedis redis, Oracle oracle, FencedTable table) {
		LettuceConnectionFactory connectionFactory = redis
			.connectionFactory(Duration.ofMillis(TortureTimings.COMMAND_TIMEOUT_MS));
		return new RecoveryProbe(connectionFactory, redis.probeStore(connectionFactory), oracle, table,
				this.settings.locks());
	}

	private static long channels(LockRedis redis) {
		long channels = 0;
		for (RedisNode node : redis.dataNodes()) {
			if (node.isRunning()) {
				channels += ((List<?>) node.command("PUBSUB", "CHANNELS", KEY_PREFIX + "*")).size();
			}
		}
		return channels;
	}

	private List<String> workerArguments(LockRedis redis, RedisNode oracleRedis, PostgresServer postgres) {
		List<String> arguments = new ArrayList<>(List.of("--torture.threads=" + this.settings.threads(),
				"--torture.locks=" + String.join(",", this.settings.locks()),
				"--torture.oracle-port=" + oracleRedis.port(), "--torture.jdbc-url=" + postgres.jdbcUrl(),
				"--torture.jdbc-user=" + postgres.user(), "--torture.jdbc-password=" + postgres.password(),
				"--torture.run-for=" + this.settings.maxDuration().toMillis(),
				"--spring.data.redis.timeout=" + TortureTimings.COMMAND_TIMEOUT_MS + "ms",
				"--torture.longest-acquisition=" + redis.longestAcquisition().toMillis(),
				"--spring.main.banner-mode=off", "--logging.level.root=WARN",
				"--redis-lock.holder-details=" + System.getProperty("torture.holder-details", "true"),
				"--logging.level.io.github.redislock=WARN"));
		arguments.addAll(redis.clientArguments());
		return arguments;
	}

	private long awaitSections(Oracle oracle, Workers workers, long target) {
		long deadline = System.nanoTime() + this.settings.maxDuration().toNanos() / 3;
		long sections = 0;
		while (System.nanoTime() < deadline) {
			sections = counts(oracle).getOrDefault("sections", 0L);
			if (sections >= target) {
				break;
			}
			workers.replaceUnexpectedlyExited();
			WorkerOrders.pause(500);
		}
		logger.info("Fault-free phase: {} sections", sections);
		oracle.record("faults-begin", Long.toString(sections));
		return sections;
	}

	private List<InjectedFault> injectFaults(FaultInjector injector, Workers workers, List<FaultKind> kinds) {
		Random random = new Random(this.settings.seed());
		List<FaultKind> schedule = new ArrayList<>();
		for (int i = 0; i < this.settings.faultsPerKind(kinds.size()); i++) {
			schedule.addAll(kinds);
		}
		java.util.Collections.shuffle(schedule, random);
		List<InjectedFault> faults = new ArrayList<>();
		int retries = 0;
		for (int i = 0; i < schedule.size(); i++) {
			FaultKind kind = schedule.get(i);
			WorkerOrders.pause(200 + random.nextInt(500));
			workers.replaceUnexpectedlyExited();
			InjectedFault fault = injector.inject(kind, random);
			if (fault != null) {
				faults.add(fault);
				logger.info("Fault {}/{}: {} on {}, {} inside, recovered in {} ms", faults.size(), schedule.size(),
						kind.description(), fault.target(), fault.locksInUse(), fault.recoveryMillis());
			}
			else if (retries++ < schedule.size()) {
				schedule.add(kind);
			}
		}
		return faults;
	}

	/**
	 * Wait for the lock keys and waiter hashes to go, and count what stays. Token
	 * counters stay by design (one per hash slot, never expiring), and released-by keys
	 * for seconds, so that a release sent again is told apart from a loss: only one
	 * without a TTL, or kept longer, is left over.
	 */
	private Map<String, Long> awaitKeysGone(StringRedisTemplate redis, Duration releasedByMemory) {
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * TortureTimings.LEASE_MS + 1000);
		Map<String, Long> keys = keysByKind(redis, releasedByMemory);
		while ((keys.get("lock") > 0 || keys.get("waiters") > 0) && System.nanoTime() < deadline) {
			WorkerOrders.pause(100);
			keys = keysByKind(redis, releasedByMemory);
		}
		return keys;
	}

	/**
	 * Count the keys by kind; a released-by key counts only if kept longer than its
	 * seconds, plus the spread of the nodes' clocks where its absolute expiry was set on
	 * a clock ahead of the one reading it.
	 */
	private static Map<String, Long> keysByKind(StringRedisTemplate redis, Duration releasedByMemory) {
		Map<String, Long> keys = new TreeMap<>(Map.of("lock", 0L, "waiters", 0L, "released-by", 0L));
		for (String key : redis.keys(KEY_PREFIX + "*")) {
			if (key.endsWith(":fence-counter")) {
				continue;
			}
			String kind = (key.endsWith(":waiters") || key.endsWith(":queue")) ? "waiters"
					: key.endsWith(":released-by") ? "released-by" : "lock";
			Long ttl = redis.getExpire(key, TimeUnit.MILLISECONDS);
			if (kind.equals("released-by") && ttl != null && ttl > 0 && ttl <= releasedByMemory.toMillis()) {
				continue;
			}
			keys.merge(kind, 1L, Long::sum);
		}
		return keys;
	}

	private static Map<String, Map<String, String>> shutdownReports(Oracle oracle) {
		Map<String, Map<String, String>> reports = new LinkedHashMap<>();
		for (String key : oracle.commands().keys("shutdown:*")) {
			reports.put(key.substring("shutdown:".length()), oracle.commands().hgetall(key));
		}
		return reports;
	}

	private static Map<String, Long> counts(Oracle oracle) {
		Map<String, Long> counts = new TreeMap<>();
		oracle.counts().forEach((name, value) -> counts.put(name, Long.parseLong(value)));
		return counts;
	}

	/**
	 * Write the faults, the failovers and the oracle's events beside the workers' logs,
	 * to read when a run finds something.
	 */
	private void writeRecord(List<InjectedFault> faults, List<Failover> failovers, List<String> events) {
		List<String> lines = new ArrayList<>();
		faults.forEach((fault) -> lines.add(fault.toString()));
		failovers.forEach((failover) -> lines.add(failover.toString()));
		lines.addAll(events);
		try {
			Files.write(this.logDirectory.resolve("oracle-events.txt"), lines);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void createLogDirectory() {
		try {
			Files.createDirectories(this.logDirectory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The supervisor's own connection to the lock Redis, never through the proxy.
	 */
	private static final class SupervisorConnection implements AutoCloseable {

		private final LettuceConnectionFactory connectionFactory;

		private final StringRedisTemplate redis;

		SupervisorConnection(LettuceConnectionFactory connectionFactory) {
			this.connectionFactory = connectionFactory;
			this.redis = new StringRedisTemplate(connectionFactory);
		}

		StringRedisTemplate redis() {
			return this.redis;
		}

		@Override
		public void close() {
			this.connectionFactory.destroy();
		}

	}

}
