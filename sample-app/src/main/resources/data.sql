merge into product (id, name, initial_stock, stock) key (id) values
	(1, 'Flash-sale voucher', 100, 100),
	(2, 'Limited-edition sneakers', 10, 10);
