SELECT id, plan_id, day FROM de_audits WHERE plan_id = :plan_id AND day = :day;
