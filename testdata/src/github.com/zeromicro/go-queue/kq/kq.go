// Package kq is a stub of github.com/zeromicro/go-queue/kq (v1.2.2).
package kq

import "context"

type KqConf struct {
	Brokers []string
	Group   string
	Topic   string
}

type ConsumeHandler interface {
	Consume(ctx context.Context, key, value string) error
}

type QueueOption func(*queueOptions)

type queueOptions struct{}

type MessageQueue interface {
	Start()
	Stop()
}

func MustNewQueue(c KqConf, handler ConsumeHandler, opts ...QueueOption) MessageQueue { return nil }

type Pusher struct{}

func (p *Pusher) Push(ctx context.Context, v string) error { return nil }
