INSERT INTO nk_orders (id, track)
VALUES (:id, :track);
