// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A certificate authority and a server certificate for 127.0.0.1 signed by it, made with
 * the JDK's {@code keytool}, as PEM files that redis-server and Spring Boot's PEM SSL
 * bundles read. The keys are EC keys: quick to make.
 *
 * @param caCertificate the authority's certificate
 * @param serverCertificate the server's certificate
 * @param serverKey the server's private key, unencrypted PKCS #8
 * @author redis-lock contributors
 */
record TestCertificates(Path caCertificate, Path serverCertificate, Path serverKey) {

	private static final String PASSWORD = "changeit";

	private static final long KEYTOOL_TIMEOUT_SECONDS = 60;

	/**
	 * Make the certificates in the given directory.
	 * @param directory where the files go
	 * @return the files
	 */
	static TestCertificates create(Path directory) {
		Path ca = directory.resolve("ca.p12");
		Path server = directory.resolve("server.p12");
		Path request = directory.resolve("server.csr");
		TestCertificates files = new TestCertificates(directory.resolve("ca.pem"), directory.resolve("server.pem"),
				directory.resolve("server-key.pem"));
		keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-dname", "CN=redis-lock test CA", "-ext", "bc:c",
				"-validity", "2", "-keystore", ca);
		keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca, "-file", files.caCertificate);
		keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-dname", "CN=127.0.0.1", "-validity", "2",
				"-keystore", server);
		keytool("-certreq", "-alias", "server", "-keystore", server, "-file", request);
		keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", ca, "-infile", request, "-outfile",
				files.serverCertificate, "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2");
		writePrivateKey(server, files.serverKey);
		return files;
	}

	private static void keytool(Object... args) {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-noprompt",
						"-storetype", "PKCS12", "-storepass", PASSWORD));
		for (Object arg : args) {
			command.add(arg.toString());
		}
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			try {
				process.getOutputStream().close();
				if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
					throw new IllegalStateException("keytool did not finish in " + KEYTOOL_TIMEOUT_SECONDS + " s: "
							+ String.join(" ", command));
				}
				String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
				if (process.exitValue() != 0) {
					throw new IllegalStateException(
							"keytool failed: " + String.join(" ", command) + System.lineSeparator() + output);
				}
			}
			finally {
				process.destroyForcibly();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running keytool", ex);
		}
	}

	/** keytool cannot export a private key: read it from the key store instead. */
	private static void writePrivateKey(Path keyStore, Path pem) {
		try (InputStream in = Files.newInputStream(keyStore)) {
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, PASSWORD.toCharArray());
			PrivateKey key = (PrivateKey) store.getKey("server", PASSWORD.toCharArray());
			String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
				.encodeToString(key.getEncoded());
			Files.writeString(pem, "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot read the server key from " + keyStore, ex);
		}
	}

}
