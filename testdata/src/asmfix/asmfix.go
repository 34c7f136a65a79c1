// Package asmfix: functions written in assembly (monetr's SIMD distance,
// server/internal/calc/euclidean_amd64.s). A routine that calls nothing
// only computes: no effect; one that calls out, or holds hand-encoded
// instructions, or jumps to another symbol stays unknown (asm_amd64.go).
// asmwhole reaches such a routine through a function variable.
package asmfix
