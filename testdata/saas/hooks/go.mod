module example.org/hooks

go 1.26.8
