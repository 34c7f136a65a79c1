-- The natkeyfix fixture's table: a primary key that is only an id column,
-- filled from the message (a business key) or from uuid.New (a surrogate).
create table nk_orders (id varchar(100) primary key, track text not null);
