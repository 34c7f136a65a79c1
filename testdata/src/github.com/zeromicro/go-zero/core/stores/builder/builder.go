// Package builder is a stub of github.com/zeromicro/go-zero/core/stores/builder (v1.7.3).
package builder

func RawFieldNames(in any, postgreSql ...bool) []string { return nil }
