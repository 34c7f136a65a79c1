INSERT INTO de_audits (id, plan_id, day)
VALUES (:id, :plan_id, :day)
RETURNING id, plan_id, day;
