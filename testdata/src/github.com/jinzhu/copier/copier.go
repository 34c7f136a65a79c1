// Package copier is a stub of github.com/jinzhu/copier (v0.3.2 copier.go
// in shape): Copy sets the destination's fields from the source's by
// reflection and calls, by name, a destination method named after a
// source field (and a source method named after a destination field).
package copier

import "reflect"

// Copy copies from fromValue into toValue, field by field.
func Copy(toValue interface{}, fromValue interface{}) (err error) {
	to := reflect.ValueOf(toValue).Elem()
	from := reflect.Indirect(reflect.ValueOf(fromValue))
	for i := 0; i < from.NumField(); i++ {
		name := from.Type().Field(i).Name
		if f := to.FieldByName(name); f.IsValid() && f.CanSet() {
			f.Set(from.Field(i))
		} else if m := to.Addr().MethodByName(name); m.IsValid() {
			m.Call([]reflect.Value{from.Field(i)})
		}
	}
	return nil
}
