// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.fencing.shop.Shelf;
import io.github.redislock.fencing.shop.ShelfRepository;
import io.github.redislock.fencing.shop.ShopJpa;
import io.github.redislock.fencing.shop.Stock;
import io.github.redislock.fencing.shop.StockRepository;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a {@code @FencingToken} entity does on a real database: each write takes the
 * current lease's token, and a write whose token is older than the row's is refused by
 * the database, whenever the stale holder read the row and however its flush races the
 * newer one.
 *
 * @author redis-lock contributors
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractFencedEntityWritesTests {

	private static final Duration DEADLINE = Duration.ofSeconds(20);

	private ConfigurableApplicationContext context;

	private StockRepository stocks;

	private ShelfRepository shelves;

	private TransactionTemplate transactions;

	private JdbcTemplate jdbc;

	private ExecutorService executor;

	/**
	 * Return the {@code spring.datasource.*} properties of the database.
	 * @return the properties, as {@code name=value}
	 */
	abstract String[] databaseProperties();

	/**
	 * Return how many sessions of the database wait for a row lock.
	 * @param jdbc the database
	 * @return the waiting sessions
	 */
	abstract int sessionsWaitingForALock(JdbcTemplate jdbc);

	@BeforeAll
	void start() {
		this.context = new SpringApplicationBuilder(ShopJpa.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.jpa.hibernate.ddl-auto=create-drop",
					"spring.jpa.open-in-view=false")
			.properties(databaseProperties())
			.run();
		this.stocks = this.context.getBean(StockRepository.class);
		this.shelves = this.context.getBean(ShelfRepository.class);
		this.transactions = this.context.getBean(TransactionTemplate.class);
		this.jdbc = this.context.getBean(JdbcTemplate.class);
		this.executor = Executors.newCachedThreadPool();
	}

	@AfterAll
	void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
		}
		if (this.context != null) {
			this.context.close();
		}
	}

	@Test
	void insertWritesTheLeasesToken() {
		String sku = newSku();
		Stock saved = FixedTokenLease.runUnder(7,
				() -> this.transactions.execute((tx) -> this.stocks.save(new Stock(sku, 10))));
		assertThat(saved.getFence()).isEqualTo(7);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void writeWithANewerTokenIsAcceptedAndCarriesIt() {
		String sku = insert(3, 10);
		Stock written = take(7, sku);
		assertThat(written.getFence()).isEqualTo(7);
		assertThat(fence(sku)).isEqualTo(7);
		assertThat(quantity(sku)).isEqualTo(9);
	}

	@Test
	void holderWritingTwiceUnderOneLeaseIsAccepted() {
		String sku = insert(3, 10);
		FixedTokenLease.runUnder(7, () -> this.transactions.execute((tx) -> {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			stock.setQuantity(9);
			this.stocks.saveAndFlush(stock);
			stock.setQuantity(8);
			return this.stocks.saveAndFlush(stock);
		}));
		take(7, sku);
		assertThat(quantity(sku)).isEqualTo(7);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void staleHolderThatReadTheRowAfterTheNewerWriteIsRefused() {
		String sku = insert(3, 10);
		take(7, sku);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> FixedTokenLease.runUnder(5, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				return this.stocks.saveAndFlush(stock);
			})))
			.withMessageContaining("Stock#" + sku)
			.withMessageContaining("fencing token 5")
			.withMessageContaining("already holds 7")
			.satisfies((ex) -> assertThat(ex.getFencingToken()).isEqualTo(5))
			.satisfies((ex) -> assertThat(ex.getTarget()).isEqualTo(Stock.class.getName() + "#" + sku));
		assertThat(quantity(sku)).isEqualTo(9);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void refusedUpdateRaisesTheLocksTokensAboveTheRowsFence() {
		String sku = insert(3, 10);
		take(7, sku);
		List<Long> raisedAbove = new CopyOnWriteArrayList<>();
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> FixedTokenLease.runUnder(5, raisedAbove, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				return this.stocks.saveAndFlush(stock);
			})));
		assertThat(raisedAbove).containsExactly(7L);
		FixedTokenLease.runUnder(8, raisedAbove, () -> this.transactions.execute((tx) -> {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			stock.setQuantity(stock.getQuantity() - 1);
			return stock;
		}));
		assertThat(fence(sku)).isEqualTo(8);
		assertThat(raisedAbove).as("an accepted write raises nothing").containsExactly(7L);
	}

	@Test
	void staleHolderThatReadTheRowBeforeTheNewerWriteIsRefusedAtCommit() {
		String sku = insert(3, 10);
		assertThatThrownBy(() -> FixedTokenLease.runUnder(5, () -> this.transactions.execute((tx) -> {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			assertThat(stock.getFence()).isEqualTo(3);
			await(this.executor.submit(() -> take(7, sku)));
			stock.setQuantity(stock.getQuantity() - 1);
			return stock;
		}))).hasRootCauseInstanceOf(StaleFencingTokenException.class);
		assertThat(quantity(sku)).isEqualTo(9);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void staleFlushWaitingForTheNewerFlushIsRefusedWhenTheNewerCommits() throws Exception {
		String sku = insert(3, 10);
		CountDownLatch newerFlushed = new CountDownLatch(1);
		CountDownLatch commitNewer = new CountDownLatch(1);
		Future<Stock> newer = this.executor
			.submit(() -> FixedTokenLease.runUnder(7, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				Stock flushed = this.stocks.saveAndFlush(stock);
				newerFlushed.countDown();
				awaitLatch(commitNewer);
				return flushed;
			})));
		awaitLatch(newerFlushed);
		Future<Stock> stale = this.executor
			.submit(() -> FixedTokenLease.runUnder(5, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				return this.stocks.saveAndFlush(stock);
			})));
		awaitWaitingForALock();
		commitNewer.countDown();
		assertThat(await(newer).getFence()).isEqualTo(7);
		assertThatThrownBy(() -> await(stale)).isInstanceOf(StaleFencingTokenException.class);
		assertThat(quantity(sku)).isEqualTo(9);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void newerFlushWaitingForAStaleFlushIsAcceptedAfterItAndSeesItsWrite() throws Exception {
		String sku = insert(3, 10);
		CountDownLatch staleFlushed = new CountDownLatch(1);
		CountDownLatch commitStale = new CountDownLatch(1);
		Future<Stock> stale = this.executor
			.submit(() -> FixedTokenLease.runUnder(5, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				Stock flushed = this.stocks.saveAndFlush(stock);
				staleFlushed.countDown();
				awaitLatch(commitStale);
				return flushed;
			})));
		awaitLatch(staleFlushed);
		Future<Stock> newer = this.executor
			.submit(() -> FixedTokenLease.runUnder(7, () -> this.transactions.execute((tx) -> {
				Stock stock = this.stocks.findById(sku).orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				return this.stocks.saveAndFlush(stock);
			})));
		awaitWaitingForALock();
		commitStale.countDown();
		assertThat(await(stale).getFence()).isEqualTo(5);
		assertThatThrownBy(() -> await(newer)).as("the newer holder read the row before the stale write committed")
			.isInstanceOf(ObjectOptimisticLockingFailureException.class);
		assertThat(fence(sku)).isEqualTo(5);
		take(7, sku);
		assertThat(quantity(sku)).as("both decrements, none lost").isEqualTo(8);
		assertThat(fence(sku)).isEqualTo(7);
	}

	@Test
	void deleteWithAStaleTokenIsRefused() {
		String sku = insert(3, 10);
		take(7, sku);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> FixedTokenLease.runUnder(5, () -> this.transactions.execute((tx) -> {
				this.stocks.delete(this.stocks.findById(sku).orElseThrow());
				this.stocks.flush();
				return null;
			})));
		assertThat(quantity(sku)).isEqualTo(9);
	}

	@Test
	void rowWithoutAFenceTakesAnyToken() {
		String sku = insert(3, 10);
		this.jdbc.update("update stock set fence = null where sku = ?", sku);
		take(1, sku);
		assertThat(fence(sku)).isEqualTo(1);
	}

	@Test
	void writingAFencedEntityWithoutALockFailsNamingTheEntity() {
		String sku = insert(3, 10);
		assertThat(illegalState(() -> this.transactions.execute((tx) -> {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			stock.setQuantity(1);
			return this.stocks.saveAndFlush(stock);
		}))).hasMessageContaining("The update of io.github.redislock.fencing.shop.Stock#" + sku)
			.hasMessageContaining("no @RedisLock method is running");
		assertThat(
				illegalState(() -> this.transactions.execute((tx) -> this.stocks.saveAndFlush(new Stock(newSku(), 1)))))
			.hasMessageContaining("The insert of io.github.redislock.fencing.shop.Stock");
		assertThat(quantity(sku)).isEqualTo(10);
	}

	/**
	 * Spring Data's repositories present the error as an
	 * {@code InvalidDataAccessApiUsageException} around it.
	 */
	private static Throwable illegalState(ThrowingCallable call) {
		Throwable thrown = catchThrowable(call);
		for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
			if (cause instanceof IllegalStateException) {
				return cause;
			}
		}
		throw new AssertionError("No IllegalStateException in " + thrown, thrown);
	}

	@Test
	void entityWithoutTheAnnotationIsWrittenAsBeforeWithoutALock() {
		String name = newSku();
		this.transactions.execute((tx) -> this.shelves.save(new Shelf(name, 4)));
		this.transactions.execute((tx) -> {
			Shelf shelf = this.shelves.findById(name).orElseThrow();
			shelf.setItems(5);
			return shelf;
		});
		FixedTokenLease.runUnder(9, () -> this.transactions.execute((tx) -> {
			Shelf shelf = this.shelves.findById(name).orElseThrow();
			shelf.setItems(6);
			return shelf;
		}));
		assertThat(this.jdbc.queryForObject("select items from shelf where name = ?", Integer.class, name))
			.isEqualTo(6);
		assertThat(this.jdbc.queryForObject("select fence from shelf where name = ?", Long.class, name)).isNull();
	}

	private String insert(long token, int quantity) {
		String sku = newSku();
		FixedTokenLease.runUnder(token,
				() -> this.transactions.execute((tx) -> this.stocks.save(new Stock(sku, quantity))));
		return sku;
	}

	private Stock take(long token, String sku) {
		return FixedTokenLease.runUnder(token, () -> this.transactions.execute((tx) -> {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			stock.setQuantity(stock.getQuantity() - 1);
			return stock;
		}));
	}

	private Long fence(String sku) {
		return this.jdbc.queryForObject("select fence from stock where sku = ?", Long.class, sku);
	}

	private Integer quantity(String sku) {
		return this.jdbc.queryForObject("select quantity from stock where sku = ?", Integer.class, sku);
	}

	private void awaitWaitingForALock() {
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		while (sessionsWaitingForALock(this.jdbc) == 0) {
			assertThat(System.nanoTime() - deadline).as("a flush waits for the other's row lock").isNegative();
			Thread.onSpinWait();
		}
	}

	private static String newSku() {
		return "sku-" + UUID.randomUUID();
	}

	private static <T> T await(Future<T> future) {
		try {
			return future.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
		}
		catch (InterruptedException | TimeoutException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void awaitLatch(CountDownLatch latch) {
		try {
			assertThat(latch.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
