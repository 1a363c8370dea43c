// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
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
 * the row:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public void sell(String sku) {
 *     fenced.update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", sku);
 * }
 * </pre>
 *
 * runs as {@code UPDATE stock SET qty = qty - 1, fencing_token = ? WHERE (sku = ?) AND
 * (fencing_token IS NULL OR fencing_token <= ?)}, so the database decides under its row
 * lock. The token is that of {@link LockContext#current()}, or of the lock bound by
 * {@link #forLock(DistributedLock)} or {@link #forLock(AcquiredLock)}. When rows match
 * but none was written, their fence is newer: a {@link StaleFencingTokenException} is
 * thrown, and the lock's tokens are raised above that fence
 * ({@link DistributedLock#raiseFencingTokensAbove(long)}) so that a store that lost its
 * last tokens costs only this holder.
 * <p>
 * Statements have the form {@code UPDATE table [alias] SET ... WHERE ...} with {@code ?}
 * parameters, best naming one row; those that cannot be fenced with certainty (string
 * literals, quoted identifiers, comments, joins, {@code RETURNING}, a {@code SET} naming
 * the fence column) are refused with an {@link IllegalArgumentException}. The template
 * takes part in Spring-managed transactions as its {@link JdbcClient} does.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class FencedJdbcTemplate {

	/** The fence column used unless another is named. */
	public static final String DEFAULT_FENCE_COLUMN = "fencing_token";

	/** How long a refused update waits for the lock's tokens to be raised, by default. */
	public static final Duration DEFAULT_RAISE_TIMEOUT = Duration.ofSeconds(1);

	private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	private final JdbcClient jdbcClient;

	private final String fenceColumn;

	private final @Nullable FencingTokenSource token;

	private final Duration raiseTimeout;

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
		this(jdbcClient, fenceColumn, null, DEFAULT_RAISE_TIMEOUT);
	}

	private FencedJdbcTemplate(JdbcClient jdbcClient, String fenceColumn, @Nullable FencingTokenSource token,
			Duration raiseTimeout) {
		Assert.notNull(jdbcClient, "'jdbcClient' must not be null");
		Assert.isTrue(fenceColumn != null && COLUMN.matcher(fenceColumn).matches(),
				() -> "'fenceColumn' must be a plain column name (letters, digits, _), but was '" + fenceColumn + "'");
		this.jdbcClient = jdbcClient;
		this.fenceColumn = fenceColumn;
		this.token = token;
		this.raiseTimeout = raiseTimeout;
	}

	/**
	 * Return a template on the same client, bound to the same lock if any, for tables
	 * whose fence column has another name.
	 * @param fenceColumn the name of the fence column
	 * @return a new template
	 */
	public FencedJdbcTemplate withFenceColumn(String fenceColumn) {
		return new FencedJdbcTemplate(this.jdbcClient, fenceColumn, this.token, this.raiseTimeout);
	}

	/**
	 * Return the name of the fence column.
	 * @return the fence column
	 */
	public String getFenceColumn() {
		return this.fenceColumn;
	}

	/**
	 * Return a template on the same client, bound to the same lock if any, whose refused
	 * updates wait at most the given time for the lock's tokens to be raised; the raise
	 * goes on in the background, and its timeout is suppressed on the refusal.
	 * @param raiseTimeout how long to wait for the raise, positive
	 * @return a new template
	 */
	public FencedJdbcTemplate withRaiseTimeout(Duration raiseTimeout) {
		Assert.isTrue(raiseTimeout != null && !raiseTimeout.isNegative() && !raiseTimeout.isZero(),
				() -> "'raiseTimeout' must be positive, but was " + raiseTimeout);
		return new FencedJdbcTemplate(this.jdbcClient, this.fenceColumn, this.token, raiseTimeout);
	}

	/**
	 * Return how long a refused update waits for the lock's tokens to be raised.
	 * @return the raise timeout
	 */
	public Duration getRaiseTimeout() {
		return this.raiseTimeout;
	}

	/**
	 * Return a template that writes with the fencing token of this thread's hold of a
	 * lock taken through the programmatic API, asked for at each update.
	 * @param lock a lock the writing thread holds
	 * @return a template bound to the lock
	 */
	public FencedJdbcTemplate forLock(DistributedLock lock) {
		return bound(FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with the fencing token of an acquired lock.
	 * @param lock the acquired lock
	 * @return a template bound to the lock
	 */
	public FencedJdbcTemplate forLock(AcquiredLock lock) {
		return bound(FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with a token obtained elsewhere, for instance
	 * resolved from a reactive lease before a blocking step. Prefer
	 * {@link #forLock(DistributedLock)}, which cannot pass the wrong lock's token.
	 * @param lockName the name of the lock the token belongs to, named by a refusal
	 * @param fencingToken the token, positive
	 * @return a template bound to the token
	 */
	public FencedJdbcTemplate forToken(String lockName, long fencingToken) {
		return bound(FencingTokenSource.of(lockName, fencingToken));
	}

	private FencedJdbcTemplate bound(FencingTokenSource token) {
		return new FencedJdbcTemplate(this.jdbcClient, this.fenceColumn, token, this.raiseTimeout);
	}

	/**
	 * Run a fenced update with the token of the lock this template is bound to, or else
	 * of the {@code @RedisLock} method running on this thread.
	 * @param sql an {@code UPDATE} statement with {@code ?} parameters
	 * @param args the parameters
	 * @return how many rows were written; {@code 0} if none matches the {@code WHERE}
	 * clause
	 * @throws StaleFencingTokenException if rows match but hold a newer token
	 * @throws IllegalStateException if no token is at hand
	 * @throws IllegalMonitorStateException if bound to a {@link DistributedLock} this
	 * thread does not hold
	 * @throws IllegalArgumentException if the statement cannot be fenced or the number of
	 * parameters is wrong
	 */
	public int update(String sql, @Nullable Object... args) {
		Assert.hasText(sql, "'sql' must not be empty");
		FencedUpdate statement = FencedUpdate.parse(sql, this.fenceColumn);
		Object[] arguments = (args != null) ? args : new Object[0];
		FencingTokenSource source = (this.token != null) ? this.token
				: FencingTokenSource.current(() -> "The fenced update '" + sql + "'");
		if (arguments.length != statement.parameterCount()) {
			throw new IllegalArgumentException("'" + sql + "' has " + statement.parameterCount() + " ? parameters, but "
					+ arguments.length + " values were given");
		}
		long fencingToken = source.value();
		int updated = this.jdbcClient.sql(statement.fencedSql())
			.params(statement.fencedArguments(arguments, fencingToken))
			.update();
		if (updated > 0) {
			return updated;
		}
		long[] fences = this.jdbcClient.sql(statement.fencesSql())
			.params(statement.whereArguments(arguments))
			.query((rows, row) -> new long[] { rows.getLong(1), rows.getLong(2) })
			.single();
		if (fences[0] == 0 || fences[1] <= fencingToken) {
			// No row, or rows that came to match after the update looked (another
			// writer's): the update ran before them and wrote nothing.
			return 0;
		}
		throw source.refused(fences[1],
				new StaleFencingTokenException(source.lockName(), fencingToken, statement.table(),
						"Fencing token " + fencingToken + " of lock '" + source.lockName() + "' is stale for table "
								+ statement.table() + ": the row was written under a newer token (" + fences[1]
								+ " in column " + this.fenceColumn + "), so '" + sql
								+ "' wrote nothing; the lock's next token is raised above it"),
				this.raiseTimeout);
	}

}
