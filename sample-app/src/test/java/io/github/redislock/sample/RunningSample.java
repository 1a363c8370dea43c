// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sample application started for a test, as {@code main} starts it, on a free port,
 * with a small HTTP client for its endpoints.
 *
 * @author redis-lock contributors
 */
public final class RunningSample implements AutoCloseable {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final ObjectMapper json = new ObjectMapper();

	private final ConfigurableApplicationContext context;

	private final URI base;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private RunningSample(ConfigurableApplicationContext context) {
		this.context = context;
		this.base = URI.create("http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port"));
	}

	/**
	 * Start the application with command-line arguments.
	 * @param args arguments such as {@code --spring.data.redis.port=1234}
	 * @return the running application
	 */
	public static RunningSample start(String... args) {
		List<String> all = new ArrayList<>(List.of("--server.port=0", "--spring.main.banner-mode=off"));
		all.addAll(List.of(args));
		return new RunningSample(new SpringApplicationBuilder(SampleApplication.class).main(SampleApplication.class)
			.run(all.toArray(String[]::new)));
	}

	/**
	 * Drive an application started otherwise.
	 * @param context the application's context, with a web server on a known port
	 * @return the running application
	 */
	public static RunningSample of(ConfigurableApplicationContext context) {
		return new RunningSample(context);
	}

	public ConfigurableApplicationContext context() {
		return this.context;
	}

	public URI base() {
		return this.base;
	}

	/**
	 * Send a GET request.
	 * @param path the path, such as {@code /api/products}
	 * @return the response
	 */
	public Response get(String path) {
		return send(HttpRequest.newBuilder(this.base.resolve(path)).GET());
	}

	/**
	 * Send a POST request without a body.
	 * @param path the path with its query
	 * @return the response
	 */
	public Response post(String path) {
		return send(HttpRequest.newBuilder(this.base.resolve(path)).POST(HttpRequest.BodyPublishers.noBody()));
	}

	/**
	 * Send a DELETE request.
	 * @param path the path
	 * @return the response
	 */
	public Response delete(String path) {
		return send(HttpRequest.newBuilder(this.base.resolve(path)).DELETE());
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.timeout(TIMEOUT).build(),
					HttpResponse.BodyHandlers.ofString());
			return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
					response.headers().firstValue("Retry-After").orElse(null), response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		this.context.close();
	}

	/**
	 * An HTTP response.
	 *
	 * @param status the status code
	 * @param contentType the content type
	 * @param retryAfter the {@code Retry-After} header, or {@code null}
	 * @param body the body
	 */
	public record Response(int status, String contentType, String retryAfter, String body) {

		/**
		 * Parse the body as JSON.
		 * @return the body
		 */
		public JsonNode json() {
			try {
				return json.readTree(this.body);
			}
			catch (IOException ex) {
				throw new IllegalStateException("Not JSON: " + this.body, ex);
			}
		}

	}

}
