update accounts set balance = balance + $1 where id = $2
