// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link in {@code README.md}, {@code CONTRIBUTING.md} and {@code docs/*.md}
 * leads somewhere: to a file that exists and, with a {@code #anchor}, to a heading of
 * that file, named as GitHub names heading anchors. The README links every page of
 * {@code docs/}.
 *
 * @author redis-lock contributors
 */
class DocsLinksTests {

	private static final Pattern LINK = Pattern
		.compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

	private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");

	private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");

	private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

	private final Map<Path, Set<String>> anchors = new HashMap<>();

	@Test
	void everyRelativeLinkLeadsToAnExistingFileAndHeading() throws IOException {
		Path root = RepositoryRoot.get();
		List<String> broken = new ArrayList<>();
		int checked = 0;
		for (Path page : pages(root)) {
			for (String target : links(page)) {
				if (isExternal(target)) {
					continue;
				}
				checked++;
				String problem = problem(page, target);
				if (problem != null) {
					broken.add(root.relativize(page) + ": (" + target + ") " + problem);
				}
			}
		}
		assertThat(checked).as("relative links found").isGreaterThan(50);
		assertThat(broken).as("broken links").isEmpty();
	}

	@Test
	void readmeLinksEveryDocsPage() throws IOException {
		Path root = RepositoryRoot.get();
		Set<String> linked = new TreeSet<>();
		for (String target : links(root.resolve("README.md"))) {
			if (!isExternal(target)) {
				linked.add(root.relativize(root.resolve(decode(path(target))).normalize()).toString());
			}
		}
		try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
			List<String> pages = docs.filter((file) -> file.toString().endsWith(".md"))
				.map((file) -> root.relativize(file).toString())
				.toList();
			assertThat(linked).as("docs pages the README links").containsAll(pages);
		}
	}

	@Test
	void anchorsFollowGitHubsRules() {
		assertThat(anchor("Transactions: release after commit")).isEqualTo("transactions-release-after-commit");
		assertThat(anchor("What does `@RedisLock` refuse, and why?")).isEqualTo("what-does-redislock-refuse-and-why");
		assertThat(anchor("Local hand-off (opt-in)")).isEqualTo("local-hand-off-opt-in");
		assertThat(anchor("From Spring Integration's RedisLockRegistry"))
			.isEqualTo("from-spring-integrations-redislockregistry");
		assertThat(anchor("See [the guide](guide.md) first")).isEqualTo("see-the-guide-first");
	}

	private String problem(Path page, String target) throws IOException {
		String path = path(target);
		String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
		Path file = path.isEmpty() ? page : page.getParent().resolve(decode(path)).normalize();
		if (!Files.exists(file)) {
			return "no such file: " + file;
		}
		if (fragment == null || !file.toString().endsWith(".md")) {
			return null;
		}
		Set<String> headings = anchorsOf(file);
		return headings.contains(fragment) ? null : "no heading with the anchor #" + fragment + " in " + file;
	}

	private Set<String> anchorsOf(Path file) throws IOException {
		Set<String> known = this.anchors.get(file);
		if (known == null) {
			known = new HashSet<>();
			Map<String, Integer> seen = new HashMap<>();
			boolean code = false;
			for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
				if (FENCE.matcher(line).find()) {
					code = !code;
					continue;
				}
				Matcher heading = HEADING.matcher(line);
				if (!code && heading.matches()) {
					String anchor = anchor(heading.group(2));
					int count = seen.merge(anchor, 1, Integer::sum);
					known.add((count == 1) ? anchor : anchor + "-" + (count - 1));
				}
			}
			this.anchors.put(file, known);
		}
		return known;
	}

	/**
	 * GitHub's anchor of a heading: its text without markup, lower case, with every
	 * character but letters, digits, spaces, hyphens and underscores dropped, and spaces
	 * turned into hyphens.
	 */
	static String anchor(String heading) {
		String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "").replace("*", "");
		return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}_ -]", "").replace(' ', '-');
	}

	private static List<String> links(Path page) throws IOException {
		List<String> targets = new ArrayList<>();
		boolean code = false;
		for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
			if (FENCE.matcher(line).find()) {
				code = !code;
				continue;
			}
			if (code) {
				continue;
			}
			Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
			while (link.find()) {
				targets.add(link.group(1));
			}
		}
		return targets;
	}

	private static List<Path> pages(Path root) throws IOException {
		List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("CONTRIBUTING.md")));
		try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
			docs.filter((file) -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
		}
		return pages;
	}

	private static boolean isExternal(String target) {
		return target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
	}

	private static String path(String target) {
		int hash = target.indexOf('#');
		return (hash >= 0) ? target.substring(0, hash) : target;
	}

	private static String decode(String path) {
		return URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
	}

}
