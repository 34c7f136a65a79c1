// Package schema is the inventory's document: the types of schema
// jobeffects/inventory/v1, as `jobeffects inventory` writes it and as a
// baseline (an earlier inventory) is read back. It imports nothing of
// jobeffects, so that every package that speaks the format can use it.
package schema
