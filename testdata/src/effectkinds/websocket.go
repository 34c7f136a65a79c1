package effectkinds

import (
	"context"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hibiken/asynq"
)

// A message written to a websocket reaches the connection's peer again on
// every delivery (convoy's CLI stream): high. A close or ping frame is no
// message; a message type set at run time leaves it unknown.

var cliConn *websocket.Conn

func (d *Deps) StreamEvent(ctx context.Context, t *asynq.Task) error { // want StreamEvent:`^effects: push/send websocket$` `unguarded: handler \(\*effectkinds.Deps\).StreamEvent \(asynq task "event:stream"\) .*: push send \(websocket\) \(high\)`
	return cliConn.WriteMessage(websocket.BinaryMessage, t.Payload())
}

func streamJSON(v any) error { // want streamJSON:`^effects: push/send websocket; push/send websocket$`
	if err := cliConn.WriteJSON(v); err != nil {
		return err
	}
	return websocket.WriteJSON(cliConn, v)
}

func closeStream() error { // want closeStream:`^no effects$`
	if err := cliConn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(1000, "bye")); err != nil {
		return err
	}
	if err := cliConn.WriteMessage(websocket.PingMessage, nil); err != nil {
		return err
	}
	return cliConn.WriteControl(websocket.PongMessage, nil, time.Now().Add(time.Second))
}

func writeFrame(kind int, data []byte) error { // want writeFrame:`^effects: push/send websocket$`
	return cliConn.WriteMessage(kind, data)
}

// Handlers: the close frames repeat nothing, and a frame whose type is
// read from the payload is unknown — neither is reported as unguarded.
func (d *Deps) CloseStream(ctx context.Context, t *asynq.Task) error { // want CloseStream:`^no effects$`
	return closeStream()
}

func (d *Deps) StreamFrame(ctx context.Context, t *asynq.Task) error { // want StreamFrame:`^effects: push/send websocket$`
	p := t.Payload()
	return writeFrame(int(p[0]), p[1:])
}
