package effect

// ReadModifyWrite makes a database set an increment: its value was
// changed from one read before (detail says where), so a second delivery
// reads the first one's result and changes it again. It reports whether e
// was such a set.
func (e *Effect) ReadModifyWrite(detail string) bool {
	if e.Kind != KindDBWrite {
		return false
	}
	switch e.Op {
	case "update-set":
		e.Op = "update-increment"
	case "upsert-set":
		e.Op = "upsert-increment"
	case OpSet:
		e.Op = OpIncrement
	default:
		return false
	}
	e.Risk = Medium
	e.Detail = JoinDetail(e.Detail, detail)
	return true
}
