// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package machinery

import (
	"context"

	backendsiface "github.com/RichardKnop/machinery/v1/backends/iface"
	"github.com/RichardKnop/machinery/v1/backends/result"
	brokersiface "github.com/RichardKnop/machinery/v1/brokers/iface"
	"github.com/RichardKnop/machinery/v1/config"
	lockiface "github.com/RichardKnop/machinery/v1/locks/iface"
	"github.com/RichardKnop/machinery/v1/tasks"
)

// ---- server.go ----

type Server struct {
	config            *config.Config
	registeredTasks   map[string]interface{}
	broker            brokersiface.Broker
	backend           backendsiface.Backend
	lock              lockiface.Lock
	prePublishHandler func(*tasks.Signature)
}

// NewServer of v1 builds the broker, backend and lock from the config
// (v1/server.go:57); v2's takes them as arguments.
func NewServer(cnf *config.Config) (*Server, error) {
	return &Server{config: cnf, registeredTasks: map[string]interface{}{}}, nil
}

func (server *Server) NewWorker(consumerTag string, concurrency int) *Worker {
	return &Worker{server: server, ConsumerTag: consumerTag, Concurrency: concurrency}
}

func (server *Server) NewCustomQueueWorker(consumerTag string, concurrency int, queue string) *Worker {
	return &Worker{server: server, ConsumerTag: consumerTag, Concurrency: concurrency, Queue: queue}
}

func (server *Server) GetBroker() brokersiface.Broker { return server.broker }

func (server *Server) GetBackend() backendsiface.Backend { return server.backend }

func (server *Server) GetConfig() *config.Config { return server.config }

func (server *Server) SetPreTaskHandler(handler func(*tasks.Signature)) {}

func (server *Server) RegisterTasks(namedTaskFuncs map[string]interface{}) error { return nil }

func (server *Server) RegisterTask(name string, taskFunc interface{}) error { return nil }

func (server *Server) IsTaskRegistered(name string) bool { return false }

func (server *Server) GetRegisteredTask(name string) (interface{}, error) { return nil, nil }

func (server *Server) SendTaskWithContext(ctx context.Context, signature *tasks.Signature) (*result.AsyncResult, error) {
	return nil, nil
}

func (server *Server) SendTask(signature *tasks.Signature) (*result.AsyncResult, error) {
	return nil, nil
}

func (server *Server) GetRegisteredTaskNames() []string { return nil }

func (server *Server) RegisterPeriodicTask(spec, name string, signature *tasks.Signature) error {
	return nil
}

// ---- worker.go ----

type Worker struct {
	server            *Server
	ConsumerTag       string
	Concurrency       int
	Queue             string
	errorHandler      func(err error)
	preTaskHandler    func(*tasks.Signature)
	postTaskHandler   func(*tasks.Signature)
	preConsumeHandler func(*Worker) bool
}

func (worker *Worker) Launch() error { return nil }

func (worker *Worker) LaunchAsync(errorsChan chan<- error) {}

func (worker *Worker) Quit() {}

func (worker *Worker) Process(signature *tasks.Signature) error { return nil }

func (worker *Worker) SetErrorHandler(handler func(err error)) {}

func (worker *Worker) SetPreTaskHandler(handler func(*tasks.Signature)) {}

func (worker *Worker) SetPostTaskHandler(handler func(*tasks.Signature)) {}

func (worker *Worker) GetServer() *Server { return worker.server }
