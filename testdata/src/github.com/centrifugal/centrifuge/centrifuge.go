// Package centrifuge is a stub of github.com/centrifugal/centrifuge's
// Broker entry points (the catalog models them; bodies are never read).
package centrifuge

type Node struct{}

type Publication struct{ Data []byte }

type StreamPosition struct{ Offset uint64 }

type ClientInfo struct{ UserID string }

func (n *Node) HandlePublication(ch string, pub *Publication, sp StreamPosition, delta bool, prevPub *Publication) error {
	return nil
}

func (n *Node) HandleJoin(ch string, info *ClientInfo) error { return nil }

func (n *Node) HandleLeave(ch string, info *ClientInfo) error { return nil }

func (n *Node) HandleControl(data []byte) error { return nil }

// ID is not modelled: the library is analysed.
func (n *Node) ID() string { return "n1" }
