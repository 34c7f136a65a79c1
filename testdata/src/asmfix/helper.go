package asmfix

func helper() {} // want helper:"no effects"
