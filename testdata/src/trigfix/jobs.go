package trigfix

// River workers whose writes fire triggers that enqueue River jobs
// (migrations/007_jobs.sql): the trigger's insert into river_job names
// its kind through the helper functions' parameters. An enqueue of the
// handler's own task to run now is one more run of the same job, which
// the handler's verdict already answers for (ShiftAdvance, guarded);
// near misses: another task (ProfileSync), the own task scheduled later
// (Digest: a chain that doubles), and a handler whose claim rests on the
// job's ID, which the added job does not share (Posting).

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"
)

type ShiftArgs struct{ ShiftID int64 }

func (ShiftArgs) Kind() string { return "shift-advance" } // want Kind:"no effects" Kind:`const "shift-advance"`

type ProfileArgs struct{ ProfileID int64 }

func (ProfileArgs) Kind() string { return "profile-sync" } // want Kind:"no effects" Kind:`const "profile-sync"`

type DigestArgs struct{ DigestID int64 }

func (DigestArgs) Kind() string { return "digest" } // want Kind:"no effects" Kind:`const "digest"`

type PostingArgs struct{ AccountID int64 }

func (PostingArgs) Kind() string { return "posting" } // want Kind:"no effects" Kind:`const "posting"`

// ShiftAdvance moves a shift on; the state's trigger enqueues
// shift-advance for it again, to run now.
type ShiftAdvance struct {
	river.WorkerDefaults[ShiftArgs]
	DB *sql.DB
}

func (w *ShiftAdvance) Work(ctx context.Context, job *river.Job[ShiftArgs]) error { // want Work:`^effects: db_write/insert river_job; db_write/update-set shift_state$`
	_, err := w.DB.ExecContext(ctx, "update shift_state set position = 2 where shift_id = $1", job.Args.ShiftID)
	return err
}

// ProfileSync's update enqueues profile-audit, another task: a duplicate
// is a second audit job (near miss).
type ProfileSync struct {
	river.WorkerDefaults[ProfileArgs]
	DB *sql.DB
}

func (w *ProfileSync) Work(ctx context.Context, job *river.Job[ProfileArgs]) error { // want Work:`^effects: db_write/insert river_job; db_write/update-set profile_sync$` `unguarded: handler \(\*trigfix.ProfileSync\).Work \(river task "profile-sync"\) .*insert into river_job \(medium\) at trigfix/migrations/007_jobs.sql:15 is not guarded`
	_, err := w.DB.ExecContext(ctx, "update profile_sync set n = 2 where profile_id = $1", job.Args.ProfileID)
	return err
}

// Digest's update schedules its own task an hour later (near miss).
type Digest struct {
	river.WorkerDefaults[DigestArgs]
	DB *sql.DB
}

func (w *Digest) Work(ctx context.Context, job *river.Job[DigestArgs]) error { // want Work:`^effects: db_write/insert river_job; db_write/update-set digest_state$` `unguarded: handler \(\*trigfix.Digest\).Work \(river task "digest"\) .*insert into river_job \(medium\) at trigfix/migrations/007_jobs.sql:47 is not guarded`
	_, err := w.DB.ExecContext(ctx, "update digest_state set n = 2 where digest_id = $1", job.Args.DigestID)
	return err
}

// Posting marks its account's state, then claims its job's ID and posts:
// the state's trigger enqueues posting again, a job with another ID that
// the claim lets through, so its own enqueue is not one more run of a job
// already judged (near miss).
type Posting struct {
	river.WorkerDefaults[PostingArgs]
	DB *sql.DB
}

func (w *Posting) Work(ctx context.Context, job *river.Job[PostingArgs]) error { // want Work:`^effects: db_write/insert postings guarded=processed_jobs; db_write/insert river_job; db_write/update-set posting_state; db_write/claim posted_jobs$` `unguarded: handler \(\*trigfix.Posting\).Work \(river task "posting"\) .*insert into river_job \(medium\) at trigfix/migrations/007_jobs.sql:15 is not guarded`
	if _, err := w.DB.ExecContext(ctx, "update posting_state set n = 2 where account_id = $1", job.Args.AccountID); err != nil {
		return err
	}
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into posted_jobs(job_id) values ($1) on conflict do nothing", job.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "insert into postings(account_id) values ($1)", job.Args.AccountID); err != nil {
		return err
	}
	return tx.Commit()
}

func Register(ws *river.Workers, db *sql.DB) { // want Register:"no effects"
	river.AddWorker(ws, &ShiftAdvance{DB: db})
	river.AddWorker(ws, &ProfileSync{DB: db})
	river.AddWorker(ws, &Digest{DB: db})
	river.AddWorker(ws, &Posting{DB: db})
}
