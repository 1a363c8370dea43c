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
package io.github.redislock.sample.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
 * It is bounded: {@code sample.demo.requests} requests per run, each with a timeout, and
 * a deadline for the whole run.
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

	private static final String PROBLEM_PREFIX = "tag:redislock.github.io,2026:sample/";

	private final LoadDemoSettings settings;

	private final ObjectMapper json;

	private final Environment environment;

	private final HttpClient http;

	private int exitCode;

	LoadDemo(LoadDemoSettings settings, ObjectMapper json, Environment environment) {
		this.settings = settings;
		this.json = json;
		this.environment = environment;
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
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
	 * Run the burst against the unprotected endpoint, then against the protected one.
	 * @param base the application's base URI
	 * @return the two results, unprotected first
	 * @throws InterruptedException if interrupted
	 */
	public List<LoadResult> runBoth(URI base) throws InterruptedException {
		return List.of(run(base, "purchase-without-lock", "without @RedisLock"),
				run(base, "purchase", "with @RedisLock"));
	}

	/**
	 * Reset the product, send the burst to one purchase endpoint and read the outcome.
	 * @param base the application's base URI
	 * @param endpoint {@code purchase} or {@code purchase-without-lock}
	 * @param label the row label
	 * @return the result
	 * @throws InterruptedException if interrupted
	 */
	public LoadResult run(URI base, String endpoint, String label) throws InterruptedException {
		String product = base + "/api/products/" + this.settings.productId();
		send(product + "/reset?stock=" + this.settings.stock(), true, 200);
		int requests = this.settings.requests();
		Answer[] answers = new Answer[requests];
		long[] nanos = new long[requests];
		AtomicInteger next = new AtomicInteger();
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(this.settings.threads());
		try {
			for (int t = 0; t < this.settings.threads(); t++) {
				pool.execute(() -> {
					try {
						start.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						return;
					}
					for (int i = next.getAndIncrement(); i < requests
							&& !Thread.currentThread().isInterrupted(); i = next.getAndIncrement()) {
						String user = "user-" + (i / this.settings.requestsPerUser());
						long began = System.nanoTime();
						answers[i] = purchase(product + "/" + endpoint + "?user=" + user);
						nanos[i] = System.nanoTime() - began;
					}
				});
			}
			start.countDown();
			pool.shutdown();
			long deadline = this.settings.requestTimeout().toMillis() * (requests / this.settings.threads() + 2);
			if (!pool.awaitTermination(deadline, TimeUnit.MILLISECONDS)) {
				throw new IllegalStateException("The " + label + " run did not finish within " + deadline + " ms");
			}
		}
		finally {
			pool.shutdownNow();
		}
		JsonNode view = readJson(send(product, false, 200));
		int[] counts = new int[Answer.values().length];
		Arrays.stream(answers)
			.forEach((answer) -> counts[(answer != null) ? answer.ordinal() : Answer.ERROR.ordinal()]++);
		long[] sorted = nanos.clone();
		Arrays.sort(sorted);
		return new LoadResult(label, requests, view.path("orders").asInt(), view.path("stock").asInt(),
				view.path("oversold").asInt(), view.path("duplicateOrders").asInt(),
				counts[Answer.NOT_ACQUIRED.ordinal()], counts[Answer.SOLD_OUT.ordinal()],
				counts[Answer.ALREADY_ORDERED.ordinal()],
				counts[Answer.ERROR.ordinal()] + counts[Answer.OTHER.ordinal()], percentile(sorted, 0.50),
				percentile(sorted, 0.99));
	}

	private Answer purchase(String uri) {
		try {
			HttpResponse<String> response = this.http.send(
					request(uri).POST(HttpRequest.BodyPublishers.noBody()).build(),
					HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() == 201) {
				return Answer.CREATED;
			}
			if (response.statusCode() != 409) {
				return Answer.ERROR;
			}
			String type = readJson(response.body()).path("type").asText();
			return switch (type.startsWith(PROBLEM_PREFIX) ? type.substring(PROBLEM_PREFIX.length()) : type) {
				case "lock-not-acquired" -> Answer.NOT_ACQUIRED;
				case "sold-out" -> Answer.SOLD_OUT;
				case "already-ordered" -> Answer.ALREADY_ORDERED;
				default -> Answer.OTHER;
			};
		}
		catch (IOException | RuntimeException ex) {
			return Answer.ERROR;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Answer.ERROR;
		}
	}

	private String send(String uri, boolean post, int expectedStatus) {
		HttpRequest.Builder request = request(uri);
		if (post) {
			request.POST(HttpRequest.BodyPublishers.noBody());
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != expectedStatus) {
				throw new IllegalStateException(uri + " answered " + response.statusCode() + ": " + response.body());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new IllegalStateException(uri + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(uri + " was interrupted", ex);
		}
	}

	private JsonNode readJson(String body) {
		try {
			return this.json.readTree(body);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Not JSON: " + body, ex);
		}
	}

	private HttpRequest.Builder request(String uri) {
		return HttpRequest.newBuilder(URI.create(uri)).timeout(this.settings.requestTimeout());
	}

	private static double percentile(long[] sortedNanos, double fraction) {
		int index = (int) Math.ceil(fraction * sortedNanos.length) - 1;
		return sortedNanos[Math.max(0, index)] / 1_000_000.0;
	}

	private enum Answer {

		CREATED, NOT_ACQUIRED, SOLD_OUT, ALREADY_ORDERED, OTHER, ERROR

	}

}
