module example.com/shop

go 1.26.8

require (
	github.com/hibiken/asynq v0.26.0
	github.com/jackc/pgx/v5 v5.13.0
	github.com/riverqueue/river v0.51.2
	github.com/riverqueue/river/riverdriver/riverpgxv5 v0.51.2
	github.com/stripe/stripe-go/v82 v82.5.1
)

// jobs/twice_test.go runs every handler twice with the twice package and
// its adapters from this repository.
require (
	github.com/jobeffects/jobeffects v0.0.0
	github.com/jobeffects/jobeffects/twice/asynqtwice v0.0.0
	github.com/jobeffects/jobeffects/twice/pgxtwice v0.0.0
	github.com/jobeffects/jobeffects/twice/rivertwice v0.0.0
)

replace (
	github.com/jobeffects/jobeffects => ../..
	github.com/jobeffects/jobeffects/twice/asynqtwice => ../../twice/asynqtwice
	github.com/jobeffects/jobeffects/twice/pgxtwice => ../../twice/pgxtwice
	github.com/jobeffects/jobeffects/twice/rivertwice => ../../twice/rivertwice
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	github.com/redis/go-redis/v9 v9.14.1 // indirect
	github.com/riverqueue/river/riverdriver v0.51.2 // indirect
	github.com/riverqueue/river/rivershared v0.51.2 // indirect
	github.com/riverqueue/river/rivertype v0.51.2 // indirect
	github.com/robfig/cron/v3 v3.0.1 // indirect
	github.com/spf13/cast v1.10.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.2.0 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
	go.uber.org/goleak v1.3.0 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.37.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/time v0.14.0 // indirect
	google.golang.org/protobuf v1.36.10 // indirect
)
