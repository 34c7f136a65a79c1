package analyzer_test

import "testing"

// TestLarkSDK: a Lark / Feishu service call is the HTTP request it makes
// (catalog/lark.yaml), and building the client, the SDK's token and
// app-ticket requests, its logging, encoding and token cache are no
// effect a redelivery repeats (larkfix's Peek, the near miss).
func TestLarkSDK(t *testing.T) {
	defaults.run(t, "larkfix")
}
