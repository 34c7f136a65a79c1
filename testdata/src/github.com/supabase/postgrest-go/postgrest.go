// Package postgrest is a stub of github.com/supabase/postgrest-go v0.0.7:
// the builder calls' signatures (client.go, querybuilder.go,
// filterbuilder.go), without the HTTP request Execute sends.
package postgrest

type countType = int64

type Client struct{ ClientError error }

func NewClient(rawURL, schema string, headers map[string]string) *Client { return &Client{} }

func (c *Client) From(table string) *QueryBuilder { return &QueryBuilder{client: c, tableName: table} }

type QueryBuilder struct {
	client    *Client
	method    string
	tableName string
}

func (q *QueryBuilder) Select(columns, count string, head bool) *FilterBuilder {
	return &FilterBuilder{client: q.client, method: "GET", tableName: q.tableName}
}

func (q *QueryBuilder) Insert(value interface{}, upsert bool, onConflict, returning, count string) *FilterBuilder {
	return &FilterBuilder{client: q.client, method: "POST", tableName: q.tableName}
}

func (q *QueryBuilder) Upsert(value interface{}, onConflict, returning, count string) *FilterBuilder {
	return &FilterBuilder{client: q.client, method: "POST", tableName: q.tableName}
}

func (q *QueryBuilder) Delete(returning, count string) *FilterBuilder {
	return &FilterBuilder{client: q.client, method: "DELETE", tableName: q.tableName}
}

func (q *QueryBuilder) Update(value interface{}, returning, count string) *FilterBuilder {
	return &FilterBuilder{client: q.client, method: "PATCH", tableName: q.tableName}
}

type FilterBuilder struct {
	client    *Client
	method    string
	tableName string
}

func (f *FilterBuilder) Execute() ([]byte, countType, error) { return nil, 0, nil }

func (f *FilterBuilder) ExecuteTo(to interface{}) (countType, error) { return 0, nil }

func (f *FilterBuilder) ExecuteString() (string, countType, error) { return "", 0, nil }

func (f *FilterBuilder) Eq(column, value string) *FilterBuilder { return f }
