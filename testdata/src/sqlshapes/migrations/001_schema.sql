create table orders (id bigint primary key, state text, attrs jsonb, tags text[], note text, created_at timestamptz);
create table counters (order_id bigint primary key, n bigint);

-- Reads only, and says so.
create function order_total(id bigint) returns bigint language sql stable as $$
  select sum(amount) from lines where order_id = id
$$;

-- Reads only, without saying so: its body tells.
create function pick_order(id bigint) returns bigint language sql as $$
  select id from orders where id = $1
$$;

-- Writes.
create function bump(id bigint) returns void language plpgsql as $$
begin
  update counters set n = n + 1 where order_id = id;
end $$;
