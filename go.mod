module github.com/jobeffects/jobeffects

go 1.26.8

require (
	github.com/pganalyze/pg_query_go/v6 v6.2.5
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.33.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
