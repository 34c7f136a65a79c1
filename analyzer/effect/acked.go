package effect

// AckedAnyway returns effs with every hop whose failure withholds the
// message's ack (Hop.AckWithheld) read as a failure only logged
// (ErrDropped): in an auto-ack subscription the library acks the message
// when the handler returns, whatever the handler skipped, so the failed
// message is not redelivered and the failure is swallowed. Paths are
// copied where they change: they may be shared with other handlers.
func AckedAnyway(effs []Effect) []Effect {
	var out []Effect
	for i, e := range effs {
		held := false
		for _, h := range e.Path {
			held = held || h.AckWithheld
		}
		if !held {
			if out != nil {
				out = append(out, e)
			}
			continue
		}
		if out == nil {
			out = append(make([]Effect, 0, len(effs)), effs[:i]...)
		}
		e.Path = append([]Hop(nil), e.Path...)
		for j := range e.Path {
			if e.Path[j].AckWithheld {
				e.Path[j].AckWithheld, e.Path[j].ErrDropped, e.Path[j].DupTaken = false, true, false
			}
		}
		out = append(out, e)
	}
	if out == nil {
		return effs
	}
	return out
}
