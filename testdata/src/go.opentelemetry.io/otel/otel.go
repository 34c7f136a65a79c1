// Package otel is a stub of go.opentelemetry.io/otel for the fixtures.
package otel

import "go.opentelemetry.io/otel/trace"

var provider trace.TracerProvider

func Tracer(name string) trace.Tracer { return provider.Tracer(name) }
