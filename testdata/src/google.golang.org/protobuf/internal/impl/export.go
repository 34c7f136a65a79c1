// Package impl is a stand-in for google.golang.org/protobuf/internal/impl
// (v1.36.11 api_export.go:74): the name of an enum value looked up in its
// descriptor through interface calls.
package impl

import (
	"strconv"

	"google.golang.org/protobuf/reflect/protoreflect"
)

type Export struct{}

func (Export) EnumStringOf(ed protoreflect.EnumDescriptor, n protoreflect.EnumNumber) string {
	ev := ed.Values().ByNumber(n)
	if ev != nil {
		return string(ev.Name())
	}
	return strconv.Itoa(int(n))
}
