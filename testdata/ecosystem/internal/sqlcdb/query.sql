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

-- name: DemoteAccepted :exec
UPDATE waitlist_entries SET status = 'waitlisted' WHERE status = 'accepted';

-- name: CountAccepted :one
SELECT count(*) FROM waitlist_entries WHERE status = 'accepted';

-- name: AcceptNext :exec
UPDATE waitlist_entries SET status = 'accepted'
WHERE id IN (
  SELECT id FROM waitlist_entries WHERE status = 'waitlisted'
  ORDER BY joined_at LIMIT @acceptance::int
);
