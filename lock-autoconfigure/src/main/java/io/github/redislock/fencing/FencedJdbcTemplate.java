// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.StaleFencingTokenException;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.Assert;

/**
 * Runs {@code UPDATE} statements that the database refuses when they come from a stale
 * lock holder. Each fenced table has a nullable {@code BIGINT} fence column (by default
 * {@value #DEFAULT_FENCE_COLUMN}) holding the fencing token of the last lease that wrote
 * the row. A statement written as usual,
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public void sell(String sku) {
 *     fenced.update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", sku);
 * }
 * </pre>
 *
 * runs as {@code UPDATE stock SET qty = qty - 1, fencing_token = ? WHERE (sku = ?) AND
 * (fencing_token IS NULL OR fencing_token <= ?)} with the current lease's token (equal is
 * the same lease writing again: no two leases share a token): the check and the write are
 * one statement, so the database decides under its own row lock, and a holder whose lease
 * ran out while it was paused cannot overwrite a row its successor wrote. The token is
 * that of the innermost {@code @RedisLock} method running on the calling thread
 * ({@link LockContext#current()}); code using the programmatic API passes its
 * {@link AcquiredLock} or {@link DistributedLock} instead.
 * <p>
 * When the statement changes no row, one more query tells why: if rows match the
 * {@code WHERE} clause, their fence is newer and a {@link StaleFencingTokenException} is
 * thrown; if none match, {@code 0} is returned as for any update. The fence is per row: a
 * statement that matches several rows writes those whose fence is not newer, so fence
 * statements that name one row.
 * <p>
 * Statements are used as written, with only the fence added, and must have the form
 * {@code UPDATE
 *
<table>
 *  [alias] SET ... WHERE ...} with {@code ?} parameters; statements that cannot be fenced
 * with certainty (string literals, quoted identifiers, comments, joins,
 * {@code RETURNING}, a {@code SET} clause naming the fence column) are refused with an
 * {@link IllegalArgumentException} naming the statement. The template takes part in
 * Spring-managed transactions like the {@link JdbcClient} it uses.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class FencedJdbcTemplate {

	/**
	 * The fence column used unless another is named.
	 */
	public static final String DEFAULT_FENCE_COLUMN = "fencing_token";

	private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	private final JdbcClient jdbcClient;

	private final String fenceColumn;

	/**
	 * Create a template over a data source, with the default fence column.
	 * @param dataSource the data source
	 */
	public FencedJdbcTemplate(DataSource dataSource) {
		this(JdbcClient.create(dataSource));
	}

	/**
	 * Create a template over a {@link JdbcClient}, with the default fence column.
	 * @param jdbcClient the client that runs the statements
	 */
	public FencedJdbcTemplate(JdbcClient jdbcClient) {
		this(jdbcClient, DEFAULT_FENCE_COLUMN);
	}

	/**
	 * Create a template over a {@link JdbcClient}.
	 * @param jdbcClient the client that runs the statements
	 * @param fenceColumn the name of the fence column of the tables it writes
	 */
	public FencedJdbcTemplate(JdbcClient jdbcClient, String fenceColumn) {
		Assert.notNull(jdbcClient, "'jdbcClient' must not be null");
		Assert.isTrue(fenceColumn != null && COLUMN.matcher(fenceColumn).matches(),
				() -> "'fenceColumn' must be a plain column name (letters, digits, _), but was '" + fenceColumn + "'");
		this.jdbcClient = jdbcClient;
		this.fenceColumn = fenceColumn;
	}

	/**
	 * Return a template on the same client for tables whose fence column has another
	 * name.
	 * @param fenceColumn the name of the fence column
	 * @return a new template
	 */
	public FencedJdbcTemplate withFenceColumn(String fenceColumn) {
		return new FencedJdbcTemplate(this.jdbcClient, fenceColumn);
	}

	/**
	 * Return the name of the fence column.
	 * @return the fence column
	 */
	public String getFenceColumn() {
		return this.fenceColumn;
	}

	/**
	 * Run a fenced update with the fencing token of the {@code @RedisLock} method running
	 * on this thread.
	 * @param sql an {@code UPDATE} statement with {@code ?} parameters
	 * @param args the parameters
	 * @return how many rows were written; {@code 0} if none matches the {@code WHERE}
	 * clause
	 * @throws StaleFencingTokenException if rows match but were written under a newer
	 * token than this lease's
	 * @throws IllegalStateException if no {@code @RedisLock} method runs on this thread
	 * @throws IllegalArgumentException if the statement cannot be fenced or the number of
	 * parameters is wrong
	 */
	public int update(String sql, @Nullable Object... args) {
		if (!LockContext.isActive()) {
			throw new IllegalStateException("No lock is held on this thread for the fenced update '" + sql
					+ "': call it inside a @RedisLock method, or pass the AcquiredLock or DistributedLock that guards it");
		}
		LockContext context = LockContext.current();
		return updateWithToken(context.getLockName(), context.getFencingToken(), sql, args);
	}

	/**
	 * Run a fenced update with the fencing token of a lock acquired through the
	 * programmatic API.
	 * @param lock the lock, held by this thread
	 * @param sql an {@code UPDATE} statement with {@code ?} parameters
	 * @param args the parameters
	 * @return how many rows were written; {@code 0} if none matches the {@code WHERE}
	 * clause
	 * @throws StaleFencingTokenException if rows match but were written under a newer
	 * token than this lease's
	 * @throws IllegalArgumentException if the statement cannot be fenced or the number of
	 * parameters is wrong
	 */
	public int update(AcquiredLock lock, String sql, @Nullable Object... args) {
		Assert.notNull(lock, "'lock' must not be null");
		return updateWithToken(lock.getName(), lock.getFencingToken(), sql, args);
	}

	/**
	 * Run a fenced update with the fencing token of a lock held by this thread.
	 * @param lock the lock, held by this thread
	 * @param sql an {@code UPDATE} statement with {@code ?} parameters
	 * @param args the parameters
	 * @return how many rows were written; {@code 0} if none matches the {@code WHERE}
	 * clause
	 * @throws StaleFencingTokenException if rows match but were written under a newer
	 * token than this lease's
	 * @throws IllegalMonitorStateException if this thread does not hold the lock
	 * @throws IllegalArgumentException if the statement cannot be fenced or the number of
	 * parameters is wrong
	 */
	public int update(DistributedLock lock, String sql, @Nullable Object... args) {
		Assert.notNull(lock, "'lock' must not be null");
		return updateWithToken(lock.getName(), lock.getFencingToken(), sql, args);
	}

	/**
	 * Run a fenced update with a token obtained elsewhere, for instance resolved from a
	 * reactive lease before a blocking step. Prefer the other methods, which cannot pass
	 * the wrong lock's token.
	 * @param lockName the name of the lock the token belongs to, for the exception
	 * @param fencingToken the fencing token
	 * @param sql an {@code UPDATE} statement with {@code ?} parameters
	 * @param args the parameters
	 * @return how many rows were written; {@code 0} if none matches the {@code WHERE}
	 * clause
	 * @throws StaleFencingTokenException if rows match but were written under a newer
	 * token
	 * @throws IllegalArgumentException if the statement cannot be fenced or the number of
	 * parameters is wrong
	 */
	public int updateWithToken(String lockName, long fencingToken, String sql, @Nullable Object... args) {
		Assert.hasText(lockName, "'lockName' must not be empty");
		Assert.hasText(sql, "'sql' must not be empty");
		FencedUpdate statement = FencedUpdate.parse(sql, this.fenceColumn);
		Object[] arguments = (args != null) ? args : new Object[0];
		if (arguments.length != statement.parameterCount()) {
			throw new IllegalArgumentException("'" + sql + "' has " + statement.parameterCount() + " ? parameters, but "
					+ arguments.length + " values were given");
		}
		int updated = this.jdbcClient.sql(statement.fencedSql())
			.params(statement.fencedArguments(arguments, fencingToken))
			.update();
		if (updated > 0) {
			return updated;
		}
		Long matching = this.jdbcClient.sql(statement.countSql())
			.params(statement.whereArguments(arguments))
			.query(Long.class)
			.single();
		if (matching == null || matching == 0) {
			return 0;
		}
		throw new StaleFencingTokenException(lockName, fencingToken, statement.table(),
				"Fencing token " + fencingToken + " of lock '" + lockName + "' is stale for table " + statement.table()
						+ ": the row was written under a newer token (column " + this.fenceColumn + "), so '" + sql
						+ "' wrote nothing");
	}

}
