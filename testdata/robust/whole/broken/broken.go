// Package broken does not type-check: Client embeds a type of a package
// that is not imported, so go/types says *Client implements every
// interface (it cannot tell which methods the field lacks), whatever its
// own methods' signatures. Its Send returns two results where the
// interface jobs.Sender's returns one: VTA panicked on the call graph
// that made it a callee of Sender.Send.
package broken

type Client struct{ rest.Request }

func (c *Client) Send(msg string) (int, error) { return 0, nil }
