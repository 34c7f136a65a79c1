module github.com/jobeffects/jobeffects/twice/watermilltwice

go 1.26.8

require (
	github.com/ThreeDotsLabs/watermill v1.5.1
	github.com/jobeffects/jobeffects v0.0.0
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/lithammer/shortuuid/v3 v3.0.7 // indirect
	github.com/oklog/ulid v1.3.1 // indirect
	github.com/pkg/errors v0.9.1 // indirect
)

// The twice package lives in the root module; a released version replaces
// this with the root module's tag.
replace github.com/jobeffects/jobeffects => ../..
