// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link FencedJdbcTemplate} on H2: the database writes a row only for a token at least
 * as new as the row's, tells a stale token (exception) from a missing row ({@code 0}),
 * and statements it cannot fence or calls without a lock fail before reaching the
 * database.
 *
 * @author redis-lock contributors
 */
class FencedJdbcTemplateTests {

	private EmbeddedDatabase database;

	private JdbcClient jdbc;

	private DefaultLockClient lockClient;

	private AcquiredLock lock;

	private FencedJdbcTemplate fenced;

	@BeforeEach
	void setUp() {
		this.database = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		this.jdbc = JdbcClient.create(this.database);
		this.jdbc.sql("create table stock (sku varchar(20) primary key, qty int not null, fencing_token bigint)")
			.update();
		this.jdbc.sql("insert into stock (sku, qty) values ('a1', 10)").update();
		this.lockClient = new DefaultLockClient(new InMemoryLockStore());
		this.lock = LockOperations.of(this.lockClient)
			.tryAcquire(LockDefinition.of("stock:a1", Duration.ofSeconds(30), Duration.ZERO))
			.orElseThrow();
		this.fenced = new FencedJdbcTemplate(this.jdbc);
	}

	@AfterEach
	void tearDown() {
		this.lock.close();
		this.lockClient.close();
		this.database.shutdown();
	}

	@Test
	void rowWithoutFenceIsWrittenAndTakesTheToken() {
		assertThat(this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - ? WHERE sku = ?", 3, "a1"))
			.isOne();
		assertThat(row()).containsEntry("QTY", 7).containsEntry("FENCING_TOKEN", this.lock.getFencingToken());
	}

	@Test
	void tokenNewerThanTheRowsIsAcceptedAndTheSameLeaseMayWriteAgain() {
		setFence(this.lock.getFencingToken() - 1);
		this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1");
		this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1");
		assertThat(row()).containsEntry("QTY", 8).containsEntry("FENCING_TOKEN", this.lock.getFencingToken());
	}

	@Test
	void tokenOlderThanTheRowsIsRefusedAndWritesNothing() {
		long token = this.lock.getFencingToken();
		setFence(token + 1);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(
					() -> this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1"))
			.satisfies((ex) -> {
				assertThat(ex.getLockName()).isEqualTo("stock:a1");
				assertThat(ex.getFencingToken()).isEqualTo(token);
				assertThat(ex.getTarget()).isEqualTo("stock");
				assertThat(ex.getMessage()).contains("'stock:a1'", Long.toString(token), "table stock",
						"UPDATE stock SET qty = qty - 1 WHERE sku = ?");
			});
		assertThat(row()).containsEntry("QTY", 10).containsEntry("FENCING_TOKEN", token + 1);
	}

	@Test
	void refusedTokenRaisesTheLocksNextTokenAboveTheRowsSoTheNextHolderIsAccepted() {
		long token = this.lock.getFencingToken();
		// As after a store lost its last tokens: the row holds one the store no longer
		// knows of.
		setFence(token + 1000);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(
					() -> this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1"))
			.satisfies((ex) -> assertThat(ex.getMessage()).contains(Long.toString(token + 1000)))
			.satisfies((ex) -> assertThat(ex.getSuppressed()).isEmpty());
		this.lock.close();
		this.lock = LockOperations.of(this.lockClient)
			.tryAcquire(LockDefinition.of("stock:a1", Duration.ofSeconds(30), Duration.ZERO))
			.orElseThrow();
		assertThat(this.lock.getFencingToken()).isEqualTo(token + 1001);
		assertThat(this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1")).isOne();
		assertThat(row()).containsEntry("QTY", 9).containsEntry("FENCING_TOKEN", token + 1001);
	}

	@Test
	void tokenGivenWithoutItsLockIsRefusedWithoutRaisingAnything() {
		long token = this.lock.getFencingToken();
		setFence(token + 1000);
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> this.fenced.forToken("stock:a1", token)
				.update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1"));
		this.lock.close();
		this.lock = LockOperations.of(this.lockClient)
			.tryAcquire(LockDefinition.of("stock:a1", Duration.ofSeconds(30), Duration.ZERO))
			.orElseThrow();
		assertThat(this.lock.getFencingToken()).isEqualTo(token + 1);
	}

	@Test
	void missingRowIsNotStaleAndUpdatesNothing() {
		assertThat(this.fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "zz"))
			.isZero();
	}

	@Test
	void rowThatComesToMatchAfterTheUpdateFoundNoneIsNotTakenForANewerFence() {
		// Another writer, not holding the lock, adds the row just after the update
		// looked.
		FencedJdbcTemplate fenced = new FencedJdbcTemplate(JdbcClient.create(afterEachUpdate(this.database,
				() -> this.jdbc.sql("insert into stock (sku, qty) values ('b2', 5)").update())));
		assertThat(fenced.forLock(this.lock).update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "b2")).isZero();
		assertThat(this.jdbc.sql("select qty from stock where sku = 'b2'").query(Integer.class).single()).isEqualTo(5);
	}

	@Test
	void tokenOfTheRunningLockedMethodIsUsedWithoutPassingIt() {
		LockContext previous = LockContext.bind(this.lock);
		try {
			assertThat(this.fenced.update("update stock s set qty = (qty * 2) where s.sku = ?", "a1")).isOne();
		}
		finally {
			LockContext.restore(previous);
		}
		assertThat(row()).containsEntry("QTY", 20).containsEntry("FENCING_TOKEN", this.lock.getFencingToken());
	}

	@Test
	void insideLockedMethodsOfTwoLocksTheInnermostLocksTokenFencesTheUpdate() {
		AcquiredLock order = LockOperations.of(this.lockClient)
			.tryAcquire(LockDefinition.of("order:a1:u1", Duration.ofSeconds(30), Duration.ZERO))
			.orElseThrow();
		LockContext outer = LockContext.bind(order);
		LockContext inner = LockContext.bind(this.lock);
		try {
			assertThat(this.fenced.update("UPDATE stock SET qty = 9 WHERE sku = ?", "a1")).isOne();
		}
		finally {
			LockContext.restore(inner);
			LockContext.restore(outer);
			order.close();
		}
		assertThat(row()).containsEntry("QTY", 9).containsEntry("FENCING_TOKEN", this.lock.getFencingToken());
	}

	@Test
	void anEnclosingLockWhoseLeaseIsLostRefusesTheUpdateBeforeTheDatabase() {
		AcquiredLock counter = LockOperations.of(this.lockClient)
			.tryAcquire(new LockDefinition("counter:5", Duration.ofMillis(50), Duration.ZERO, false))
			.orElseThrow();
		LockContext outer = LockContext.bind(counter);
		LockContext inner = LockContext.bind(this.lock);
		try {
			// The lease is this thread's: polled on it.
			await().pollInSameThread().atMost(Duration.ofSeconds(10)).until(() -> counter.getRemainingLease().isZero());
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> this.fenced.update("UPDATE stock SET qty = 0 WHERE sku = ?", "a1"))
				.withMessageContaining("inside the @RedisLock method of lock 'counter:5', whose lease is lost")
				.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("counter:5"));
		}
		finally {
			LockContext.restore(inner);
			LockContext.restore(outer);
		}
		assertThat(row()).containsEntry("QTY", 10);
	}

	@Test
	void aReentryOfTheSameLockKeepsItsTokenImplicit() {
		LockContext outer = LockContext.bind(this.lock);
		LockContext inner = LockContext.bind(this.lock);
		try {
			assertThat(this.fenced.update("UPDATE stock SET qty = 3 WHERE sku = ?", "a1")).isOne();
		}
		finally {
			LockContext.restore(inner);
			LockContext.restore(outer);
		}
		assertThat(row()).containsEntry("QTY", 3).containsEntry("FENCING_TOKEN", this.lock.getFencingToken());
	}

	@Test
	void distributedLockHeldByThisThreadGivesItsToken() {
		DistributedLock other = this.lockClient.getLock("stock:other");
		assertThat(other.tryLock()).isTrue();
		try {
			this.fenced.forLock(other).update("UPDATE stock SET qty = 1 WHERE sku = ?", "a1");
			assertThat(row()).containsEntry("FENCING_TOKEN", other.getFencingToken());
		}
		finally {
			other.unlock();
		}
	}

	@Test
	void otherFenceColumnIsCheckedAndSet() {
		this.jdbc.sql("alter table stock add column last_token bigint").update();
		this.jdbc.sql("update stock set last_token = ?").param(this.lock.getFencingToken() + 5).update();
		FencedJdbcTemplate other = this.fenced.withFenceColumn("last_token");
		assertThat(other.getFenceColumn()).isEqualTo("last_token");
		assertThatExceptionOfType(StaleFencingTokenException.class)
			.isThrownBy(() -> other.forLock(this.lock).update("UPDATE stock SET qty = 0 WHERE sku = ?", "a1"));
		assertThat(row()).containsEntry("QTY", 10);
	}

	@Test
	void withoutARunningLockedMethodTheUpdateFailsBeforeTheDatabase() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.fenced.update("UPDATE stock SET qty = 0 WHERE sku = ?", "a1"))
			.withMessageContaining("UPDATE stock SET qty = 0 WHERE sku = ?")
			.withMessageContaining("@RedisLock");
		assertThat(row()).containsEntry("QTY", 10);
	}

	@ParameterizedTest
	@ValueSource(strings = { "DELETE FROM stock WHERE sku = ?", "UPDATE stock SET qty = 0",
			"UPDATE stock SET qty = 0 WHERE sku = 'a1'", "UPDATE stock SET qty = 0 WHERE sku = ? -- comment",
			"UPDATE stock SET qty = 0 WHERE sku = ?; DROP TABLE stock", "UPDATE stock SET qty = 0 WHERE sku = :sku",
			"UPDATE stock SET fencing_token = 0 WHERE sku = ?", "UPDATE stock SET qty = 0 WHERE sku = ? RETURNING qty",
			"UPDATE stock, other SET qty = 0 WHERE sku = ?", "UPDATE stock SET qty = 0 FROM other WHERE sku = ?",
			"UPDATE stock SET qty = (0 WHERE sku = ?", "UPDATE \"stock\" SET qty = 0 WHERE sku = ?",
			"UPDATE stock SET qty = 0 WHERE sku = ? OR 1 = 1 WHERE qty = 1" })
	void statementThatCannotBeFencedIsRefusedNamingIt(String sql) {
		assertThatIllegalArgumentException().isThrownBy(() -> this.fenced.forLock(this.lock).update(sql, "a1"))
			.withMessageContaining("'" + sql + "'");
		assertThat(row()).containsEntry("QTY", 10);
	}

	@Test
	void subqueryWithItsOwnWhereIsFenced() {
		this.fenced.forLock(this.lock)
			.update("UPDATE stock SET qty = (SELECT COUNT(*) FROM stock WHERE qty > ?) WHERE sku = ? AND qty > ?", 0,
					"a1", 5);
		assertThat(row()).containsEntry("QTY", 1);
	}

	@Test
	void wrongNumberOfParametersIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fenced.forLock(this.lock).update("UPDATE stock SET qty = ? WHERE sku = ?", "a1"))
			.withMessageContaining("2 ? parameters, but 1 values");
	}

	@Test
	void fenceColumnMustBeAPlainName() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.fenced.withFenceColumn("token; drop table x"))
			.withMessageContaining("fenceColumn");
	}

	/**
	 * Runs {@code then} once, after the first UPDATE statement run through the source.
	 */
	private static DataSource afterEachUpdate(DataSource dataSource, Runnable then) {
		return new DelegatingDataSource(dataSource) {

			@Override
			public Connection getConnection() throws SQLException {
				Connection connection = super.getConnection();
				return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> {
							Object result = invoke(method, connection, args);
							if (method.getName().equals("prepareStatement")
									&& ((String) args[0]).startsWith("UPDATE")) {
								PreparedStatement statement = (PreparedStatement) result;
								return Proxy.newProxyInstance(getClass().getClassLoader(),
										new Class<?>[] { PreparedStatement.class }, (p, m, a) -> {
											Object answer = invoke(m, statement, a);
											if (m.getName().equals("executeUpdate")) {
												then.run();
											}
											return answer;
										});
							}
							return result;
						});
			}

		};
	}

	private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	private Map<String, Object> row() {
		return this.jdbc.sql("select qty, fencing_token from stock where sku = 'a1'").query().singleRow();
	}

	private void setFence(long token) {
		this.jdbc.sql("update stock set fencing_token = ? where sku = 'a1'").param(token).update();
	}

}
