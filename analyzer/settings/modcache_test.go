package settings

import "testing"

// TestInModuleCache: a dependency's module root in the module cache is
// not read for schema kept in Go; the analysed module's root is.
func TestInModuleCache(t *testing.T) {
	for root, want := range map[string]bool{
		"/root/go/pkg/mod/github.com/!three!dots!labs/watermill@v1.4.6":       true,
		"/home/u/go/pkg/mod/github.com/aws/aws-sdk-go-v2/service/sqs@v1.38.1": true,
		"/work/app":                    false,
		"/work/pkg/mod/app":            false, // no version: not the cache's layout
		"/home/u/src/github.com/x/y@z": false,
	} {
		if got := inModuleCache(root); got != want {
			t.Errorf("inModuleCache(%q) = %v, want %v", root, got, want)
		}
	}
}
