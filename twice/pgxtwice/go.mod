module github.com/jobeffects/jobeffects/twice/pgxtwice

go 1.26.8

require (
	github.com/jackc/pgx/v5 v5.13.0
	github.com/jobeffects/jobeffects v0.0.0
)

require (
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

// The twice package lives in the root module; a released version replaces
// this with the root module's tag.
replace github.com/jobeffects/jobeffects => ../..
