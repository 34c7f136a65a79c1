package goschema

import "testing"

// A test fixture's table: its key is not the application's schema.
const fixture = `CREATE TABLE gs_events (name text PRIMARY KEY)`

func TestFixture(t *testing.T) { _ = fixture }
