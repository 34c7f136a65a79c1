// Package grpc is a stub of google.golang.org/grpc v1.80 with the
// declarations generated service code uses.
package grpc

import "context"

type CallOption interface{}

type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
}

type ClientConn struct{}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

type MethodDesc struct {
	MethodName string
	Handler    any
}

type ServiceDesc struct {
	ServiceName string
	HandlerType any
	Methods     []MethodDesc
}

type ServiceRegistrar interface {
	RegisterService(desc *ServiceDesc, impl any)
}

type Server struct{}

func NewServer() *Server                                      { return &Server{} }
func (s *Server) RegisterService(desc *ServiceDesc, impl any) {}
