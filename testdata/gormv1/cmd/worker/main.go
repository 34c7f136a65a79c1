package main

import (
	"log"

	"github.com/hibiken/asynq"
	"github.com/jinzhu/gorm"

	"example.com/gormv1/jobs"
)

func main() {
	db, err := gorm.Open("postgres", "host=localhost")
	if err != nil {
		log.Fatal(err)
	}
	d := &jobs.Deps{DB: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("user:signup", d.SignUp)
	mux.HandleFunc("account:credit", d.Credit)
	mux.HandleFunc("user:rename", d.Rename)
	mux.HandleFunc("account:purge", d.Purge)
	mux.HandleFunc("payment:record", d.Record)
	mux.HandleFunc("account:settle", d.Settle)
	mux.HandleFunc("user:report", d.Report)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: "localhost:6379"}, asynq.Config{})
	if err := srv.Run(mux); err != nil {
		log.Fatal(err)
	}
}
