// Stub of github.com/ThreeDotsLabs/watermill@v1.5.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package message

import (
	"context"
	"errors"
	"github.com/ThreeDotsLabs/watermill"
	"sync"
	"time"
)

type Payload []byte

type Message struct {
	UUID        string
	Metadata    Metadata
	Payload     Payload
	ack         chan struct{}
	noAck       chan struct{}
	ackMutex    sync.Mutex
	ackSentType ackType
	ctx         context.Context
}

func NewMessage(uuid string, payload Payload) *Message {
	return nil
}

func NewMessageWithContext(ctx context.Context, uuid string, payload Payload) *Message {
	return nil
}

type ackType int

func (m *Message) Equals(toCompare *Message) bool {
	return false
}

func (m *Message) Ack() bool {
	return false
}

func (m *Message) Nack() bool {
	return false
}

func (m *Message) Acked() <-chan struct{} {
	return nil
}

func (m *Message) Nacked() <-chan struct{} {
	return nil
}

func (m *Message) Context() context.Context {
	var r0 context.Context
	return r0
}

func (m *Message) SetContext(ctx context.Context) {
}

func (m *Message) Copy() *Message {
	return m
}

func (m *Message) CopyWithContext() *Message {
	return m
}

type Messages []*Message

func (m Messages) IDs() []string {
	return nil
}

type Metadata map[string]string

func (m Metadata) Get(key string) string {
	return ""
}

func (m Metadata) Set(key, value string) {
}

type Publisher interface {
	Publish(topic string, messages ...*Message) error
	Close() error
}

type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
	Close() error
}

type SubscribeInitializer interface{ SubscribeInitialize(topic string) error }

var (
	ErrOutputInNoPublisherHandler = errors.New("returned output messages in a handler without publisher")
)

type HandlerFunc func(msg *Message) ([]*Message, error)

type NoPublishHandlerFunc func(msg *Message) error

var PassthroughHandler HandlerFunc = func(msg *Message) ([]*Message, error) {
	return []*Message{msg}, nil
}

type HandlerMiddleware func(h HandlerFunc) HandlerFunc

type RouterPlugin func(*Router) error

type PublisherDecorator func(pub Publisher) (Publisher, error)

type SubscriberDecorator func(sub Subscriber) (Subscriber, error)

type RouterConfig struct{ CloseTimeout time.Duration }

func (c RouterConfig) Validate() error {
	return nil
}

func NewRouter(config RouterConfig, logger watermill.LoggerAdapter) (*Router, error) {
	return nil, nil
}

func NewDefaultRouter(logger watermill.LoggerAdapter) *Router {
	return nil
}

func (r *Router) Logger() watermill.LoggerAdapter {
	var r0 watermill.LoggerAdapter
	return r0
}

func (r *Router) AddMiddleware(m ...HandlerMiddleware) {
}

func (r *Router) AddPlugin(p ...RouterPlugin) {
}

func (r *Router) AddPublisherDecorators(dec ...PublisherDecorator) {
}

func (r *Router) AddSubscriberDecorators(dec ...SubscriberDecorator) {
}

func (r *Router) Handlers() map[string]HandlerFunc {
	return nil
}

type DuplicateHandlerNameError struct{ HandlerName string }

func (d DuplicateHandlerNameError) Error() string {
	return ""
}

func (r *Router) AddHandler(handlerName string, subscribeTopic string, subscriber Subscriber, publishTopic string, publisher Publisher, handlerFunc HandlerFunc) *Handler {
	return nil
}

func (r *Router) AddConsumerHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return nil
}

func (r *Router) AddNoPublisherHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return nil
}

func (r *Router) Run(ctx context.Context) (err error) {
	return
}

func (r *Router) RunHandlers(ctx context.Context) error {
	return nil
}

func (r *Router) Running() chan struct{} {
	return nil
}

func (r *Router) IsRunning() bool {
	return false
}

func (r *Router) Close() error {
	return nil
}

func (r *Router) IsClosed() bool {
	return false
}

func (h *Handler) AddMiddleware(m ...HandlerMiddleware) {
}

func (h *Handler) Started() chan struct{} {
	return nil
}

func (h *Handler) Stop() {
}

func (h *Handler) Stopped() chan struct{} {
	return nil
}

func HandlerNameFromCtx(ctx context.Context) string {
	return ""
}

func PublisherNameFromCtx(ctx context.Context) string {
	return ""
}

func SubscriberNameFromCtx(ctx context.Context) string {
	return ""
}

func SubscribeTopicFromCtx(ctx context.Context) string {
	return ""
}

func PublishTopicFromCtx(ctx context.Context) string {
	return ""
}

// ---- router.go struct types (unexported fields reduced) ----

type Router struct {
	config RouterConfig

	plugins []RouterPlugin

	handlers     map[string]*handler
	handlersLock *sync.RWMutex

	logger watermill.LoggerAdapter

	publisherDecorators  []PublisherDecorator
	subscriberDecorators []SubscriberDecorator

	isRunning bool
	running   chan struct{}
}

type handler struct {
	name        string
	logger      watermill.LoggerAdapter
	handlerFunc HandlerFunc
}

type Handler struct {
	router  *Router
	handler *handler
}
