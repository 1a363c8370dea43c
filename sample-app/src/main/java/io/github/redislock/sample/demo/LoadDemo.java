// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.demo;

import java.io.PrintStream;
import java.net.URI;
import java.util.Arrays;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The load demonstration: with {@code --demo} on the command line, the application fires
 * the same burst of purchases over HTTP at its own unprotected and protected endpoints,
 * prints what each did to the stock and the orders, and exits (with status 1 if the
 * protected run oversold or created a duplicate order). Without {@code --demo} it does
 * nothing.
 * <p>
 * Each run is one {@link PurchaseBurst}, bounded in requests and time.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Component
public class LoadDemo implements ApplicationRunner, ExitCodeGenerator {

	/**
	 * The command-line option that runs the demonstration.
	 */
	public static final String OPTION = "demo";

	private final LoadDemoSettings settings;

	private final PurchaseBurst burst;

	private final Environment environment;

	private int exitCode;

	LoadDemo(LoadDemoSettings settings, PurchaseBurst burst, Environment environment) {
		this.settings = settings;
		this.burst = burst;
		this.environment = environment;
	}

	/**
	 * Return the arguments to start the application with, so that the demonstration runs
	 * on a free port and cannot collide with an instance already running on 8080.
	 * @param args the command-line arguments
	 * @return the arguments, with {@code --server.port=0} unless a port is given
	 */
	public static String[] arguments(String[] args) {
		boolean portGiven = Arrays.stream(args).anyMatch((arg) -> arg.startsWith("--server.port="));
		if (portGiven) {
			return args;
		}
		String[] withPort = Arrays.copyOf(args, args.length + 1);
		withPort[args.length] = "--server.port=0";
		return withPort;
	}

	@Override
	public void run(ApplicationArguments args) throws Exception {
		if (!args.containsOption(OPTION)) {
			return;
		}
		URI base = URI.create("http://127.0.0.1:" + this.environment.getRequiredProperty("local.server.port"));
		List<LoadResult> results = runBoth(base);
		PrintStream out = System.out;
		out.println();
		out.printf(
				"Flash sale of product %d: %d purchase requests from %d threads, %d users sending %d each, "
						+ "stock %d%n%n",
				this.settings.productId(), this.settings.requests(), this.settings.threads(), this.settings.users(),
				this.settings.requestsPerUser(), this.settings.stock());
		out.print(LoadResult.table(results));
		out.println();
		LoadResult unprotected = results.get(0);
		LoadResult locked = results.get(1);
		if (unprotected.correct()) {
			out.println("without @RedisLock: this time the run happened not to oversell; run it again, or raise "
					+ "--sample.demo.threads.");
		}
		else {
			out.printf(
					"without @RedisLock: concurrent purchases read the same stock and the same 'no order yet', so "
							+ "%d orders were created for a stock of %d.%n",
					unprotected.ordersCreated(), this.settings.stock());
		}
		if (locked.correct()) {
			out.printf(
					"with @RedisLock:    %d orders, no oversell, one order per user. A user's overlapping requests "
							+ "were refused at once (waitTime = 0) as HTTP 409 problem details.%n",
					locked.ordersCreated());
		}
		else {
			out.println("with @RedisLock:    the run broke a rule. This is a bug: please report it.");
			this.exitCode = 1;
		}
		out.println();
	}

	@Override
	public int getExitCode() {
		return this.exitCode;
	}

	/**
	 * Send the burst to the unprotected endpoint, then to the protected one.
	 * @param base the application's base URI
	 * @return the two results, unprotected first
	 * @throws InterruptedException if interrupted
	 */
	public List<LoadResult> runBoth(URI base) throws InterruptedException {
		return List.of(this.burst.send(base, "purchase-without-lock", "without @RedisLock"),
				this.burst.send(base, "purchase", "with @RedisLock"));
	}

}
