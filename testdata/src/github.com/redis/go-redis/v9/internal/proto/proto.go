// Stub of github.com/redis/go-redis/v9@v9.23.0 for analysistest: declarations mirror the real API; bodies are empty.

package proto

const Nil = RedisError("redis: nil") // nolint:errname

type RedisError string

func (e RedisError) Error() string { return string(e) }

func (RedisError) RedisError() {}
