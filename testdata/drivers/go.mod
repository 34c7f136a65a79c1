module example.com/drivers

go 1.26.8

require (
	github.com/lib/pq v1.10.9
	github.com/nsqio/go-nsq v1.1.0
	github.com/segmentio/kafka-go v0.4.51
)

require (
	github.com/golang/snappy v0.0.1 // indirect
	github.com/klauspost/compress v1.15.9 // indirect
	github.com/pierrec/lz4/v4 v4.1.15 // indirect
)
