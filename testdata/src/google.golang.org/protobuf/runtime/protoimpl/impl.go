// Package protoimpl is a stand-in for
// google.golang.org/protobuf/runtime/protoimpl, which generated code calls.
package protoimpl

import "google.golang.org/protobuf/internal/impl"

var X impl.Export
