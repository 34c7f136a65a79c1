-- name: CreateOrder :one
INSERT INTO orders (
  ref, amount
) VALUES (
  $1, $2
)
RETURNING *;

-- name: GetOrder :one
SELECT * FROM orders
WHERE id = $1 LIMIT 1;
