package main

import (
	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/nkevents"
	"example.com/ecosystem/jobs"
)

// registerPerReg registers one closure per event channel (jobs/perreg.go):
// each registration binds its own channel, and only the command's whole
// program resolves the closure's interface call in each (go vet leaves
// it unresolved here).
func registerPerReg(mux *asynq.ServeMux, events *nkevents.PgRepo) {
	mux.HandleFunc("perreg:payload", jobs.PayloadEvents(jobs.PayloadChannel{Events: events}))
	mux.HandleFunc("perreg:fresh", jobs.FreshEvents(jobs.FreshChannel{Events: events}))
}
