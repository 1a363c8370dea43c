// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.engine.DefaultLockClient;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Run by {@link VirtualThreadsTests} in a JVM of Java 21 or later: many virtual threads
 * take a few locks through the blocking API, each adding one to its key's counter with a
 * read, a yield of its carrier and a write, while a platform thread counts the carrier
 * threads and a JFR stream counts pinned virtual threads. Prints one line of results.
 * Compiled for Java 17, so virtual threads are made by reflection.
 *
 * @author redis-lock contributors
 */
public final class VirtualThreadContentionProbe {

	private VirtualThreadContentionProbe() {
	}

	public static void main(String[] args) throws Exception {
		int port = Integer.parseInt(args[0]);
		int threads = Integer.parseInt(args[1]);
		int keys = Integer.parseInt(args[2]);
		LettuceConnectionFactory connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port));
		connectionFactory.afterPropertiesSet();
		connectionFactory.start();
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(connectionFactory));
		DefaultLockClient client = new DefaultLockClient(store);
		// Classes are initialized once, on whichever thread first needs them, and a
		// virtual thread that waits for another one's initialization is pinned: the
		// starter's classes are loaded first, as a running application's are, those of
		// waiting and handing over included.
		ExecutorService warmUps = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
			.invoke(null);
		for (int i = 0; i < 64; i++) {
			warmUps.execute(() -> {
				DistributedLock warmUp = client.getLock("vt:warm-up");
				warmUp.lock();
				try {
					Thread.yield();
				}
				finally {
					warmUp.unlock();
				}
			});
		}
		warmUps.shutdown();
		if (!warmUps.awaitTermination(1, TimeUnit.MINUTES)) {
			throw new IllegalStateException("The warm-up did not end within a minute");
		}
		AtomicLong pinned = new AtomicLong();
		AtomicLong pinnedInLocks = new AtomicLong();
		RecordingStream pinning = new RecordingStream();
		pinning.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
		pinning.onEvent("jdk.VirtualThreadPinned", (event) -> {
			pinned.incrementAndGet();
			if (event.getStackTrace() != null && event.getStackTrace()
				.getFrames()
				.stream()
				.map(RecordedFrame::getMethod)
				.anyMatch((method) -> method.getType().getName().startsWith("io.github.redislock"))) {
				if (pinnedInLocks.incrementAndGet() <= 2) {
					System.out.println("PINNED " + event);
				}
			}
		});
		pinning.startAsync();
		AtomicInteger maxCarriers = new AtomicInteger();
		Thread sampler = new Thread(() -> {
			while (!Thread.currentThread().isInterrupted()) {
				int carriers = (int) Thread.getAllStackTraces()
					.keySet()
					.stream()
					.filter((thread) -> thread.getClass().getName().equals("jdk.internal.misc.CarrierThread"))
					.count();
				maxCarriers.accumulateAndGet(carriers, Math::max);
				try {
					TimeUnit.MILLISECONDS.sleep(5);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		}, "carrier-sampler");
		sampler.setDaemon(true);
		sampler.start();
		int[] counters = new int[keys];
		AtomicInteger served = new AtomicInteger();
		AtomicInteger failed = new AtomicInteger();
		CountDownLatch start = new CountDownLatch(1);
		long began = System.nanoTime();
		ExecutorService virtualThreads = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
			.invoke(null);
		for (int i = 0; i < threads; i++) {
			int key = i % keys;
			virtualThreads.execute(() -> {
				try {
					start.await();
					DistributedLock lock = client.getLock("vt:" + key);
					if (!lock.tryLock(Duration.ofMinutes(3), Duration.ofSeconds(30), true)) {
						failed.incrementAndGet();
						return;
					}
					try {
						int read = counters[key];
						// Off the carrier between the read and the write: only the lock
						// keeps another virtual thread from writing in between.
						Thread.yield();
						counters[key] = read + 1;
					}
					finally {
						lock.unlock();
					}
					served.incrementAndGet();
				}
				catch (InterruptedException | RuntimeException ex) {
					failed.incrementAndGet();
					ex.printStackTrace();
				}
			});
		}
		start.countDown();
		virtualThreads.shutdown();
		boolean done = virtualThreads.awaitTermination(5, TimeUnit.MINUTES);
		long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
		sampler.interrupt();
		pinning.close();
		int total = 0;
		for (int counter : counters) {
			total += counter;
		}
		boolean asyncVirtual = asyncStagesCompleteOnVirtualThreads(store);
		client.close();
		store.close();
		connectionFactory.destroy();
		System.out.println("RESULT done=" + done + " served=" + served.get() + " failed=" + failed.get() + " counted="
				+ total + " maxCarriers=" + maxCarriers.get() + " pinned=" + pinned.get() + " pinnedInLocks="
				+ pinnedInLocks.get() + " asyncVirtual=" + asyncVirtual + " elapsedMillis=" + elapsedMillis);
	}

	/**
	 * Whether a client told to use virtual threads completes an asynchronous holder's
	 * stage on one. The lock is busy until the stage has its continuation, which
	 * otherwise could run on the thread that attaches it, had the stage completed first.
	 */
	private static boolean asyncStagesCompleteOnVirtualThreads(RedisLockStore store) throws Exception {
		try (DefaultLockClient holder = new DefaultLockClient(store);
				DefaultLockClient client = new DefaultLockClient(store)) {
			client.setVirtualThreads(true);
			DistributedLock busy = holder.getLock("vt:async");
			busy.lock();
			CompletableFuture<Thread> completing;
			try {
				completing = client
					.tryAcquireAsync(LockDefinition.of("vt:async", Duration.ofSeconds(30), Duration.ofSeconds(30)))
					.thenCompose(
							(lease) -> lease.orElseThrow().release().thenApply((released) -> Thread.currentThread()))
					.toCompletableFuture();
			}
			finally {
				busy.unlock();
			}
			return (boolean) Thread.class.getMethod("isVirtual").invoke(completing.get(30, TimeUnit.SECONDS));
		}
	}

}
