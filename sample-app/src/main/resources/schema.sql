-- The flash sale's data. Deliberately no unique constraint on (product_id, user_id) and no
-- check on stock >= 0: the sample shows what the lock alone guarantees. A production
-- schema would add both as a second line of defence.
create table if not exists product (
	id bigint primary key,
	name varchar(100) not null,
	initial_stock int not null,
	stock int not null,
	-- Fencing token of the last locked write, checked and set by FencedJdbcTemplate: a
	-- stale holder's older token is refused.
	fencing_token bigint
);

create table if not exists purchase_order (
	id bigint auto_increment primary key,
	product_id bigint not null references product (id),
	user_id varchar(64) not null,
	fencing_token bigint,
	created_at timestamp not null default current_timestamp
);

create index if not exists purchase_order_product_user on purchase_order (product_id, user_id);
