#include "textflag.h"

TEXT ·distAVX(SB), NOSPLIT, $0-52
  MOVQ a+8(FP), DX
  VXORPS Y0, Y0, Y0
  MOVSS X0, ret+48(FP)
  RET

// A system call: not a computation.
TEXT ·leakAVX(SB), NOSPLIT, $0-32
  MOVQ $1, AX
  SYSCALL
  MOVQ AX, ret+24(FP)
  RET
