// Package strutil holds a string helper another package calls: a test of
// emptiness whose body the caller's package does not see (its summary
// says what it measures).
package strutil

import "strings"

// IsStringEmpty reports whether s holds nothing but spaces.
func IsStringEmpty(s string) bool { return len(strings.TrimSpace(s)) == 0 } // want IsStringEmpty:`^no effects$`
