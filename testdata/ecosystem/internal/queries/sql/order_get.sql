SELECT id, track FROM nk_orders WHERE id = :id;
