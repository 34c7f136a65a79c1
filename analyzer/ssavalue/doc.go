// Package ssavalue holds the small questions jobeffects asks of SSA values
// in several places: what a composite literal stored into a field, what a
// variadic slice literal holds, which constant a value is, which declared
// method a synthetic wrapper stands for.
//
// go/ssa builds composite literals as a local (or heap) allocation plus one
// store per field or element, and boxes values in interfaces on the way to
// a call; these helpers read such literals back.
package ssavalue
