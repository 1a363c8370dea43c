// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.util.List;

import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.fencing.FencedJdbcTemplate;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * The products, their stock and the orders, in the application's database. Each method is
 * one statement: the check-then-act that needs a lock is in {@link StockDesk} and
 * {@link FlashSale}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@Repository
public class ShopRepository {

	private static final String PRODUCT_VIEW = """
			select p.id, p.name, p.initial_stock, p.stock, count(o.id) as orders, count(distinct o.user_id) as buyers
			from product p left join purchase_order o on o.product_id = p.id
			""";

	private static final String GROUP_BY = " group by p.id, p.name, p.initial_stock, p.stock order by p.id";

	private static final RowMapper<ProductView> productViews = (rs, row) -> ProductView.of(rs.getLong("id"),
			rs.getString("name"), rs.getInt("initial_stock"), rs.getInt("stock"), rs.getInt("orders"),
			rs.getInt("buyers"));

	private final JdbcClient jdbc;

	private final FencedJdbcTemplate fenced;

	ShopRepository(JdbcClient jdbc, FencedJdbcTemplate fenced) {
		this.jdbc = jdbc;
		this.fenced = fenced;
	}

	/**
	 * Return every product with what was sold of it.
	 * @return the products
	 */
	public List<ProductView> products() {
		return this.jdbc.sql(PRODUCT_VIEW + GROUP_BY).query(productViews).list();
	}

	/**
	 * Return one product with what was sold of it.
	 * @param productId the product
	 * @return the product
	 * @throws ProductNotFoundException if there is no such product
	 */
	public ProductView product(long productId) {
		return this.jdbc.sql(PRODUCT_VIEW + " where p.id = ?" + GROUP_BY)
			.param(productId)
			.query(productViews)
			.optional()
			.orElseThrow(() -> new ProductNotFoundException(productId));
	}

	int stock(long productId) {
		return this.jdbc.sql("select stock from product where id = ?")
			.param(productId)
			.query(Integer.class)
			.optional()
			.orElseThrow(() -> new ProductNotFoundException(productId));
	}

	void writeStock(long productId, int stock) {
		this.jdbc.sql("update product set stock = ? where id = ?").params(stock, productId).update();
	}

	/**
	 * Write the stock under the fencing token of the running locked sale, unless a holder
	 * with a newer token wrote it since.
	 * @throws StaleFencingTokenException if a newer holder wrote the stock
	 */
	void writeFencedStock(long productId, int stock) {
		this.fenced.update("update product set stock = ? where id = ?", stock, productId);
	}

	boolean hasOrder(long productId, String userId) {
		return this.jdbc.sql("select count(*) from purchase_order where product_id = ? and user_id = ?")
			.params(productId, userId)
			.query(Integer.class)
			.single() > 0;
	}

	long insertOrder(long productId, String userId, @Nullable Long fencingToken) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("insert into purchase_order (product_id, user_id, fencing_token) values (?, ?, ?)")
			.params(productId, userId, fencingToken)
			.update(keys, "id");
		return keys.getKeyAs(Long.class);
	}

	/**
	 * Delete a product's orders and set its stock.
	 * @param productId the product
	 * @param stock the new initial stock
	 * @throws ProductNotFoundException if there is no such product
	 */
	public void reset(long productId, int stock) {
		this.jdbc.sql("delete from purchase_order where product_id = ?").param(productId).update();
		int updated = this.jdbc.sql("update product set initial_stock = ?, stock = ? where id = ?")
			.params(stock, stock, productId)
			.update();
		if (updated == 0) {
			throw new ProductNotFoundException(productId);
		}
	}

}
