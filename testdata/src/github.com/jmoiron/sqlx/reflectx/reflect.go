// Stub of github.com/jmoiron/sqlx@v1.4.0 for analysistest: declarations mirror the real API; bodies are empty.

package reflectx

import (
	"reflect"
	"sync"
)

type FieldInfo struct {
	Index    []int
	Path     string
	Field    reflect.StructField
	Zero     reflect.Value
	Name     string
	Options  map[string]string
	Embedded bool
	Children []*FieldInfo
	Parent   *FieldInfo
}

type StructMap struct {
	Tree  *FieldInfo
	Index []*FieldInfo
	Paths map[string]*FieldInfo
	Names map[string]*FieldInfo
}

func (f StructMap) GetByPath(path string) *FieldInfo {
	return nil
}

func (f StructMap) GetByTraversal(index []int) *FieldInfo {
	return nil
}

type Mapper struct {
	cache      map[reflect.Type]*StructMap
	tagName    string
	tagMapFunc func(string) string
	mapFunc    func(string) string
	mutex      sync.Mutex
}

func NewMapper(tagName string) *Mapper {
	return nil
}

func NewMapperTagFunc(tagName string, mapFunc, tagMapFunc func(string) string) *Mapper {
	return nil
}

func NewMapperFunc(tagName string, f func(string) string) *Mapper {
	return nil
}

func (m *Mapper) TypeMap(t reflect.Type) *StructMap {
	return nil
}

func (m *Mapper) FieldMap(v reflect.Value) map[string]reflect.Value {
	return nil
}

func (m *Mapper) FieldByName(v reflect.Value, name string) reflect.Value {
	var r0 reflect.Value
	return r0
}

func (m *Mapper) FieldsByName(v reflect.Value, names []string) []reflect.Value {
	return nil
}

func (m *Mapper) TraversalsByName(t reflect.Type, names []string) [][]int {
	return nil
}

func (m *Mapper) TraversalsByNameFunc(t reflect.Type, names []string, fn func(int, []int) error) error {
	return nil
}
