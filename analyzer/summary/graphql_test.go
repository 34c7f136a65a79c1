package summary

import "testing"

func TestGraphQLOperation(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"query Q($id: ID!) { node(id: $id) { id } }", "query"},
		{"  # comment\n  { viewer { login } }", "query"},
		{"{ a(x: \"mutation {\") }", "query"},
		{"mutation M { addStar(input: {starrableId: \"x\"}) { clientMutationId } }", "mutation"},
		{"subscription S { events { id } }", "subscription"},
		{"fragment F on User { login } query Q { viewer { ...F } }", "query"},
		{"query A { a } mutation B { b }", "unknown"},
		{"query A { a } query B { b }", "query"},
		{"not graphql at all", "unknown"},
		{"", "unknown"},
		{"query { a ", "unknown"},
	} {
		if got := GraphQLOperation(c.doc); got != c.want {
			t.Errorf("GraphQLOperation(%q) = %q, want %q", c.doc, got, c.want)
		}
	}
}
