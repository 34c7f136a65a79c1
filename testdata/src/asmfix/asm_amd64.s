#include "textflag.h"

// func distAVX(a, b []float32) float32
TEXT ·distAVX(SB), NOSPLIT, $0-52
  MOVQ a+8(FP), DX
  MOVQ a+0(FP), AX
  MOVQ b+24(FP), BX
  VXORPS Y0, Y0, Y0
  LOOP:
    VMOVUPS (AX), Y1 // CALL in a comment is no call
    VMOVUPS (BX), Y2
    VSUBPS Y1, Y2, Y1
    VMULPS Y1, Y1, Y2
    VADDPS Y2, Y0, Y0
    ADDQ $32, AX
    ADDQ $32, BX
    SUBQ $8, DX
    JNZ LOOP
  MOVSS X0, ret+48(FP)
  RET

// func callsOut(a []byte) int
TEXT ·callsOut(SB), $8-32
  CALL ·helper(SB)
  MOVQ $0, ret+24(FP)
  RET

// func encoded(a []byte) int
TEXT ·encoded(SB), NOSPLIT, $0-32
  BYTE $0x0f; BYTE $0x05
  MOVQ $0, ret+24(FP)
  RET

// func tailCall(a []byte) int
TEXT ·tailCall(SB), NOSPLIT, $0-32
  JMP ·callsOut(SB)

// func indirect(a []byte) int
TEXT ·indirect(SB), NOSPLIT, $0-32
  MOVQ a+0(FP), AX
  JMP AX
