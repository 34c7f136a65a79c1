// Package protoreflect is a stand-in for
// google.golang.org/protobuf/reflect/protoreflect: descriptors reached
// through interfaces the analysis cannot resolve without an
// implementation.
package protoreflect

type Name string

type EnumNumber int32

type EnumValueDescriptor interface{ Name() Name }

type EnumValueDescriptors interface {
	ByNumber(n EnumNumber) EnumValueDescriptor
}

type EnumDescriptor interface{ Values() EnumValueDescriptors }
