// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.lettuce.core.KeyValue;
import io.lettuce.core.api.StatefulRedisConnection;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;

/**
 * A worker JVM: several threads take locks through one of the starter's APIs and run
 * critical sections the oracle watches, while a control thread takes the supervisor's
 * orders from the oracle: hold a lock for a while, interrupt that holder, stop.
 * <p>
 * Settings come as Spring Boot command-line arguments: {@code --torture.worker},
 * {@code --torture.mode} ({@code annotation} or {@code programmatic}),
 * {@code --torture.threads}, {@code --torture.locks}, {@code --torture.oracle-port},
 * {@code --torture.jdbc-url}, {@code --torture.jdbc-user},
 * {@code --torture.jdbc-password} (the fenced PostgreSQL table),
 * {@code --torture.run-for} (milliseconds), {@code --torture.longest-acquisition}
 * (milliseconds: the wait time and the last attempt on the run's topology), and the Redis
 * connection as {@code --spring.data.redis.*}.
 *
 * @author redis-lock contributors
 */
public final class TortureWorker {

	private static final Duration THREAD_STOP_TIMEOUT = Duration.ofSeconds(15);

	private final String id;

	private final Oracle oracle;

	private final FencedTable table;

	private final ConfigurableApplicationContext context;

	private final List<String> locks;

	private final List<Thread> threads = new ArrayList<>();

	private final long deadline;

	/** The longest an acquisition may take on the run's topology, in milliseconds. */
	private final long longestAcquisition;

	private volatile boolean running = true;

	private volatile Thread holdThread;

	private TortureWorker(String id, Oracle oracle, FencedTable table, ConfigurableApplicationContext context) {
		Environment environment = context.getEnvironment();
		this.id = id;
		this.oracle = oracle;
		this.table = table;
		this.context = context;
		this.locks = Arrays.asList(environment.getRequiredProperty("torture.locks").split(","));
		this.deadline = System.nanoTime()
				+ TimeUnit.MILLISECONDS.toNanos(environment.getRequiredProperty("torture.run-for", Long.class));
		this.longestAcquisition = environment.getProperty("torture.longest-acquisition", Long.class,
				SectionRunner.LONGEST_ACQUISITION_MS);
	}

	/**
	 * Run a worker until the supervisor stops it.
	 * @param args Spring Boot command-line arguments
	 */
	public static void main(String[] args) {
		exitWhenOrphaned();
		String id = argument(args, "torture.worker");
		Oracle oracle = new Oracle(Integer.parseInt(argument(args, "torture.oracle-port")));
		StatefulRedisConnection<String, String> orders = oracle.connect();
		// The oracle's own Lettuce threads, which run before and after the application's.
		Set<Thread> oracleThreads = Set.copyOf(Thread.getAllStackTraces().keySet());
		ConfigurableApplicationContext context = new SpringApplicationBuilder(WorkerApplication.class)
			.web(WebApplicationType.NONE)
			.initializers(
					(applicationContext) -> applicationContext.getBeanFactory().registerSingleton("oracle", oracle))
			.run(args);
		FencedTable table = new FencedTable(argument(args, "torture.jdbc-url"), argument(args, "torture.jdbc-user"),
				argument(args, "torture.jdbc-password"));
		TortureWorker worker = new TortureWorker(id, oracle, table, context);
		worker.startSections();
		// Before the pid, which tells the supervisor the worker is up: with
		// redis-lock.holder-details off, Redis names a waiter by this id alone.
		oracle.commands().hset("worker-instances", id, context.getBean(DefaultLockClient.class).getInstanceId());
		oracle.commands().hset("workers", id, Long.toString(ProcessHandle.current().pid()));
		worker.takeOrders(orders);
		orders.close();
		worker.shutDown(oracleThreads);
		table.close();
		oracle.close();
		System.exit(0);
	}

	private void startSections() {
		StallWatch.start(this.id, this.oracle, this::isRunning);
		Environment environment = this.context.getEnvironment();
		int count = environment.getRequiredProperty("torture.threads", Integer.class);
		boolean annotated = "annotation".equals(environment.getRequiredProperty("torture.mode"));
		for (int i = 0; i < count; i++) {
			LockedSections sections = annotated ? new AnnotationLocking(this.context.getBean(AnnotatedSections.class))
					: new ProgrammaticSections(this.context.getBean(LockClient.class),
							this.context.getBean(LockOperations.class), i % 2 == 1);
			String name = "t" + i;
			SectionRunner runner = new SectionRunner(this.id, sections, this.oracle, this.table,
					this.longestAcquisition);
			Thread thread = new Thread(
					new SectionLoop(this.id + "/" + name + "/", runner, this.locks, this.oracle, this::isRunning),
					this.id + "-" + name);
			this.threads.add(thread);
			thread.start();
		}
	}

	private boolean isRunning() {
		return this.running && System.nanoTime() < this.deadline;
	}

	private void takeOrders(StatefulRedisConnection<String, String> orders) {
		while (isRunning()) {
			KeyValue<String, String> order = orders.sync().blpop(1, "control:" + this.id);
			if (order != null && !order.isEmpty() && !obey(order.getValue())) {
				return;
			}
		}
	}

	private boolean obey(String order) {
		String[] words = order.split(" ");
		switch (words[0]) {
			case "hold" -> hold(words[1], Duration.ofMillis(Long.parseLong(words[2])), words[3]);
			case "interrupt-hold" -> {
				Thread thread = this.holdThread;
				if (thread != null) {
					thread.interrupt();
				}
			}
			case "stop" -> {
				return false;
			}
			default -> this.oracle.record("worker-error", "unknown order '" + order + "' to " + this.id);
		}
		return true;
	}

	private void hold(String lock, Duration dwell, String holder) {
		LockedSections sections = new AnnotationLocking(this.context.getBean(AnnotatedSections.class));
		if (!"annotation".equals(this.context.getEnvironment().getRequiredProperty("torture.mode"))) {
			sections = new ProgrammaticSections(this.context.getBean(LockClient.class),
					this.context.getBean(LockOperations.class), false);
		}
		SectionRunner runner = new SectionRunner(this.id, sections, this.oracle, this.table, this.longestAcquisition);
		Thread thread = new Thread(() -> {
			try {
				SectionRunner.Outcome outcome = runner.run(lock, holder, dwell);
				this.oracle.record("hold-" + outcome.countName(), lock + " " + holder);
			}
			catch (InterruptedException ex) {
				this.oracle.record("hold-interrupted", lock + " " + holder);
			}
			catch (RuntimeException ex) {
				this.oracle.record("worker-error", lock + " " + holder + " " + SectionLoop.describe(ex));
			}
			finally {
				this.table.closeThreadConnection();
			}
		}, this.id + "-hold");
		this.holdThread = thread;
		thread.start();
	}

	/**
	 * Stop the threads, close the application as a deployment would, and report to the
	 * oracle what is left: locks the client still knows as held or waited for, and
	 * threads of the starter or of Lettuce still running.
	 */
	private void shutDown(Set<Thread> oracleThreads) {
		this.running = false;
		List<Thread> all = new ArrayList<>(this.threads);
		if (this.holdThread != null) {
			all.add(this.holdThread);
		}
		long stopBy = System.nanoTime() + THREAD_STOP_TIMEOUT.toNanos();
		for (Thread thread : all) {
			try {
				thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(stopBy - System.nanoTime())));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		String stuck = all.stream().filter(Thread::isAlive).map(Thread::getName).collect(Collectors.joining(","));
		DefaultLockClient client = this.context.getBean(DefaultLockClient.class);
		this.context.close();
		String leftThreads = awaitLibraryThreadsGone(oracleThreads);
		this.oracle.commands()
			.hset("shutdown:" + this.id,
					java.util.Map.of("heldLocks", Integer.toString(client.heldLocks().size()), "waits",
							Integer.toString(client.waits().size()), "stuckWorkerThreads", stuck, "threads",
							leftThreads));
	}

	private static String awaitLibraryThreadsGone(Set<Thread> oracleThreads) {
		long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		String left = libraryThreads(oracleThreads);
		while (!left.isEmpty() && System.nanoTime() < until) {
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			left = libraryThreads(oracleThreads);
		}
		return left;
	}

	private static String libraryThreads(Set<Thread> oracleThreads) {
		return Thread.getAllStackTraces()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().isAlive() && !oracleThreads.contains(entry.getKey()))
			.map((entry) -> entry.getKey().getName() + "[" + entry.getKey().getState() + " "
					+ java.util.Arrays.toString(
							java.util.Arrays.copyOf(entry.getValue(), Math.min(4, entry.getValue().length)))
					+ "]")
			.filter((name) -> name.startsWith("redis-lock") || name.startsWith("lettuce"))
			.sorted()
			.collect(Collectors.joining(","));
	}

	/**
	 * End this JVM when the supervisor's is gone, so a killed test run leaves no worker.
	 */
	private static void exitWhenOrphaned() {
		ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
		Thread watch = new Thread(() -> {
			while (parent != null && parent.isAlive()) {
				try {
					Thread.sleep(500);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
			Runtime.getRuntime().halt(3);
		}, "torture-orphan-watch");
		watch.setDaemon(true);
		watch.start();
	}

	private static String argument(String[] args, String name) {
		String prefix = "--" + name + "=";
		return Arrays.stream(args)
			.filter((arg) -> arg.startsWith(prefix))
			.map((arg) -> arg.substring(prefix.length()))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Missing argument " + prefix));
	}

}
