package effectkinds

import "github.com/centrifugal/centrifuge"

// A custom centrifuge Broker hands what another node published to the
// node: delivered to this node's subscribers again on every call (publish,
// medium); the rest of the library is analysed.

func fanOut(n *centrifuge.Node, data []byte) error { // want fanOut:`^effects: publish/publish centrifuge subscribers @p0; publish/publish centrifuge subscribers @p0; publish/publish centrifuge subscribers @p0$`
	if err := n.HandlePublication("news", &centrifuge.Publication{Data: data}, centrifuge.StreamPosition{}, false, nil); err != nil {
		return err
	}
	if err := n.HandleJoin("news", &centrifuge.ClientInfo{UserID: "u1"}); err != nil {
		return err
	}
	return n.HandleLeave("news", &centrifuge.ClientInfo{UserID: "u1"})
}

func control(n *centrifuge.Node, data []byte) error { // want control:`^effects: publish/publish centrifuge control @p0$`
	return n.HandleControl(data)
}

func nodeID(n *centrifuge.Node) string { // want nodeID:`^no effects$`
	return n.ID()
}
