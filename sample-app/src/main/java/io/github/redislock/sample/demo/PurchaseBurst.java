// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.boot.json.JsonParseException;
import org.springframework.boot.json.JsonParser;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.stereotype.Component;

/**
 * Sends one burst of purchase requests over HTTP, as {@code sample.demo.*} sizes it:
 * resets the product, releases every client thread at once, classifies each answer by its
 * status and problem type, and reads the product's outcome. Bounded by the request count,
 * a timeout per request and a deadline for the whole burst.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Component
public class PurchaseBurst {

	private static final String PROBLEM_PREFIX = "tag:redislock.github.io,2026:sample/";

	private final LoadDemoSettings settings;

	/**
	 * Spring Boot's parser rather than the application's {@code ObjectMapper}: the sample
	 * also builds on Spring Boot 4, whose Jackson is Jackson 3, in other packages.
	 */
	private final JsonParser json = JsonParserFactory.getJsonParser();

	private final HttpClient http;

	PurchaseBurst(LoadDemoSettings settings) {
		this.settings = settings;
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
	}

	/**
	 * Reset the product, send the burst to one purchase endpoint and read the outcome.
	 * @param base the application's base URI
	 * @param endpoint {@code purchase} or {@code purchase-without-lock}
	 * @param label the row label
	 * @return the result
	 * @throws InterruptedException if interrupted
	 */
	public LoadResult send(URI base, String endpoint, String label) throws InterruptedException {
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
		Map<String, Object> view = readJson(send(product, false, 200));
		int[] counts = new int[Answer.values().length];
		Arrays.stream(answers)
			.forEach((answer) -> counts[(answer != null) ? answer.ordinal() : Answer.ERROR.ordinal()]++);
		long[] sorted = nanos.clone();
		Arrays.sort(sorted);
		return new LoadResult(label, requests, intField(view, "orders"), intField(view, "stock"),
				intField(view, "oversold"), intField(view, "duplicateOrders"), counts[Answer.NOT_ACQUIRED.ordinal()],
				counts[Answer.SOLD_OUT.ordinal()], counts[Answer.ALREADY_ORDERED.ordinal()],
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
			String type = String.valueOf(readJson(response.body()).getOrDefault("type", ""));
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

	private Map<String, Object> readJson(String body) {
		try {
			return this.json.parseMap(body);
		}
		catch (JsonParseException ex) {
			throw new IllegalStateException("Not a JSON object: " + body, ex);
		}
	}

	private static int intField(Map<String, Object> json, String name) {
		return (json.get(name) instanceof Number number) ? number.intValue() : 0;
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
