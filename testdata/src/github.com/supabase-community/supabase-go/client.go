// Package supabase is a stub of github.com/supabase-community/supabase-go
// v0.0.1: its Client wraps postgrest-go's (client.go:50 From).
package supabase

import postgrest "github.com/supabase/postgrest-go"

type Client struct{ rest *postgrest.Client }

func NewClient(url, key string, options interface{}) (*Client, error) {
	return &Client{rest: postgrest.NewClient(url, "public", nil)}, nil
}

func (c *Client) From(table string) *postgrest.QueryBuilder { return c.rest.From(table) }
