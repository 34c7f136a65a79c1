// Package broken does not type-check: jobeffects must name the file and
// line, exit 2, and still analyse the packages that load.
package broken

func Handler() error {
	return undefinedThing()
}
