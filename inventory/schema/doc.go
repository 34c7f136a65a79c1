// Package schema is the inventory's document: the types of schema
// jobeffects/inventory/v1, as `jobeffects inventory` writes it and as a
// baseline (an earlier inventory) is read back. It imports nothing of
// jobeffects, so that every package that speaks the format can use it.
//
// An inventory of a run where packages failed to load, type-check or get
// analysed has an incomplete: section listing each with its first error;
// one without that section is complete. The section is optional, so
// inventories written before it read the same.
package schema
