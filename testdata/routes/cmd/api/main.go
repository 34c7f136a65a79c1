package main

import (
	"database/sql"
	"log"
	"net/http"
	"os"

	"example.com/routes/api"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	a := &api.API{DB: db}
	log.Fatal(http.ListenAndServe(":8080", a.Routes()))
}
