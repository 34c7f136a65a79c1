// Stub of github.com/ThreeDotsLabs/watermill@v1.5.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package cqrs

import (
	"context"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
)

type CommandBusConfig struct {
	GeneratePublishTopic CommandBusGeneratePublishTopicFn
	OnSend               CommandBusOnSendFn
	Marshaler            CommandEventMarshaler
	Logger               watermill.LoggerAdapter
}

func (c CommandBusConfig) Validate() error {
	return nil
}

type CommandBusGeneratePublishTopicFn func(CommandBusGeneratePublishTopicParams) (string, error)

type CommandBusGeneratePublishTopicParams struct {
	CommandName string
	Command     any
}

type CommandBusOnSendFn func(params CommandBusOnSendParams) error

type CommandBusOnSendParams struct {
	CommandName string
	Command     any
	Message     *message.Message
}

type CommandBus struct {
	publisher message.Publisher
	config    CommandBusConfig
}

func NewCommandBusWithConfig(publisher message.Publisher, config CommandBusConfig) (*CommandBus, error) {
	return nil, nil
}

func NewCommandBus(publisher message.Publisher, generateTopic func(commandName string) string, marshaler CommandEventMarshaler) (*CommandBus, error) {
	return nil, nil
}

func (c CommandBus) Send(ctx context.Context, cmd any) error {
	return nil
}

func (c CommandBus) SendWithModifiedMessage(ctx context.Context, cmd any, modify func(*message.Message) error) error {
	return nil
}

type CommandHandler interface {
	HandlerName() string
	NewCommand() any
	Handle(ctx context.Context, cmd any) error
}

type genericCommandHandler[Command any] struct {
	handleFunc  func(ctx context.Context, cmd *Command) error
	handlerName string
}

func NewCommandHandler[Command any](handlerName string, handleFunc func(ctx context.Context, cmd *Command) error) CommandHandler {
	return &genericCommandHandler[Command]{
		handleFunc:  handleFunc,
		handlerName: handlerName,
	}
}

func (c genericCommandHandler[Command]) HandlerName() string {
	return ""
}

func (c genericCommandHandler[Command]) NewCommand() any {
	return nil
}

func (c genericCommandHandler[Command]) Handle(ctx context.Context, cmd any) error {
	command := cmd.(*Command)
	return c.handleFunc(ctx, command)
}

type CommandProcessorConfig struct {
	GenerateSubscribeTopic       CommandProcessorGenerateSubscribeTopicFn
	SubscriberConstructor        CommandProcessorSubscriberConstructorFn
	OnHandle                     CommandProcessorOnHandleFn
	Marshaler                    CommandEventMarshaler
	Logger                       watermill.LoggerAdapter
	AckCommandHandlingErrors     bool
	disableRouterAutoAddHandlers bool
}

func (c CommandProcessorConfig) Validate() error {
	return nil
}

type CommandProcessorGenerateSubscribeTopicFn func(CommandProcessorGenerateSubscribeTopicParams) (string, error)

type CommandProcessorGenerateSubscribeTopicParams struct {
	CommandName    string
	CommandHandler CommandHandler
}

type CommandProcessorSubscriberConstructorFn func(CommandProcessorSubscriberConstructorParams) (message.Subscriber, error)

type CommandProcessorSubscriberConstructorParams struct {
	CommandName string
	HandlerName string
	Handler     CommandHandler
}

type CommandProcessorOnHandleFn func(params CommandProcessorOnHandleParams) error

type CommandProcessorOnHandleParams struct {
	Handler     CommandHandler
	CommandName string
	Command     any
	Message     *message.Message
}

type CommandProcessor struct {
	router   *message.Router
	handlers []CommandHandler
	config   CommandProcessorConfig
}

func NewCommandProcessorWithConfig(router *message.Router, config CommandProcessorConfig) (*CommandProcessor, error) {
	return nil, nil
}

func NewCommandProcessor(handlers []CommandHandler, generateTopic func(commandName string) string, subscriberConstructor CommandsSubscriberConstructor, marshaler CommandEventMarshaler, logger watermill.LoggerAdapter) (*CommandProcessor, error) {
	return nil, nil
}

type CommandsSubscriberConstructor func(handlerName string) (message.Subscriber, error)

func (p *CommandProcessor) AddHandlers(handlers ...CommandHandler) error {
	return nil
}

func (p *CommandProcessor) AddHandler(handler CommandHandler) (*message.Handler, error) {
	return nil, nil
}

type DuplicateCommandHandlerError struct{ CommandName string }

func (d DuplicateCommandHandlerError) Error() string {
	return ""
}

func (p CommandProcessor) AddHandlersToRouter(r *message.Router) error {
	return nil
}

func (p CommandProcessor) Handlers() []CommandHandler {
	return nil
}

func OriginalMessageFromCtx(ctx context.Context) *message.Message {
	return nil
}

func CtxWithOriginalMessage(ctx context.Context, msg *message.Message) context.Context {
	var r0 context.Context
	return r0
}

type EventBusConfig struct {
	GeneratePublishTopic GenerateEventPublishTopicFn
	OnPublish            OnEventSendFn
	Marshaler            CommandEventMarshaler
	Logger               watermill.LoggerAdapter
}

func (c EventBusConfig) Validate() error {
	return nil
}

type GenerateEventPublishTopicFn func(GenerateEventPublishTopicParams) (string, error)

type GenerateEventPublishTopicParams struct {
	EventName string
	Event     any
}

type OnEventSendFn func(params OnEventSendParams) error

type OnEventSendParams struct {
	EventName string
	Event     any
	Message   *message.Message
}

type EventBus struct {
	publisher message.Publisher
	config    EventBusConfig
}

func NewEventBus(publisher message.Publisher, generateTopic func(eventName string) string, marshaler CommandEventMarshaler) (*EventBus, error) {
	return nil, nil
}

func NewEventBusWithConfig(publisher message.Publisher, config EventBusConfig) (*EventBus, error) {
	return nil, nil
}

func (c EventBus) Publish(ctx context.Context, event any) error {
	return nil
}

type EventHandler interface {
	HandlerName() string
	NewEvent() any
	Handle(ctx context.Context, event any) error
}

type genericEventHandler[T any] struct {
	handleFunc  func(ctx context.Context, event *T) error
	handlerName string
}

func NewEventHandler[T any](handlerName string, handleFunc func(ctx context.Context, event *T) error) EventHandler {
	return &genericEventHandler[T]{
		handleFunc:  handleFunc,
		handlerName: handlerName,
	}
}

func (c genericEventHandler[T]) HandlerName() string {
	return ""
}

func (c genericEventHandler[T]) NewEvent() any {
	return nil
}

func (c genericEventHandler[T]) Handle(ctx context.Context, e any) error {
	event := e.(*T)
	return c.handleFunc(ctx, event)
}

type GroupEventHandler interface {
	NewEvent() interface{}
	Handle(ctx context.Context, event interface{}) error
}

func NewGroupEventHandler[T any](handleFunc func(ctx context.Context, event *T) error) GroupEventHandler {
	return &genericEventHandler[T]{
		handleFunc: handleFunc,
	}
}

type EventProcessorConfig struct {
	GenerateSubscribeTopic       EventProcessorGenerateSubscribeTopicFn
	SubscriberConstructor        EventProcessorSubscriberConstructorFn
	OnHandle                     EventProcessorOnHandleFn
	AckOnUnknownEvent            bool
	Marshaler                    CommandEventMarshaler
	Logger                       watermill.LoggerAdapter
	disableRouterAutoAddHandlers bool
}

func (c EventProcessorConfig) Validate() error {
	return nil
}

type EventProcessorGenerateSubscribeTopicFn func(EventProcessorGenerateSubscribeTopicParams) (string, error)

type EventProcessorGenerateSubscribeTopicParams struct {
	EventName    string
	EventHandler EventHandler
}

type EventProcessorSubscriberConstructorFn func(EventProcessorSubscriberConstructorParams) (message.Subscriber, error)

type EventProcessorSubscriberConstructorParams struct {
	EventName    string
	HandlerName  string
	EventHandler EventHandler
}

type EventProcessorOnHandleFn func(params EventProcessorOnHandleParams) error

type EventProcessorOnHandleParams struct {
	Handler   EventHandler
	Event     any
	EventName string
	Message   *message.Message
}

type EventProcessor struct {
	router   *message.Router
	handlers []EventHandler
	config   EventProcessorConfig
}

func NewEventProcessorWithConfig(router *message.Router, config EventProcessorConfig) (*EventProcessor, error) {
	return nil, nil
}

func NewEventProcessor(individualHandlers []EventHandler, generateTopic func(eventName string) string, subscriberConstructor EventsSubscriberConstructor, marshaler CommandEventMarshaler, logger watermill.LoggerAdapter) (*EventProcessor, error) {
	return nil, nil
}

type EventsSubscriberConstructor func(handlerName string) (message.Subscriber, error)

func (p *EventProcessor) AddHandlers(handlers ...EventHandler) error {
	return nil
}

func (p *EventProcessor) AddHandler(handler EventHandler) (*message.Handler, error) {
	return nil, nil
}

func (p EventProcessor) AddHandlersToRouter(r *message.Router) error {
	return nil
}

func (p EventProcessor) Handlers() []EventHandler {
	return nil
}

type EventGroupProcessorConfig struct {
	GenerateSubscribeTopic EventGroupProcessorGenerateSubscribeTopicFn
	SubscriberConstructor  EventGroupProcessorSubscriberConstructorFn
	OnHandle               EventGroupProcessorOnHandleFn
	AckOnUnknownEvent      bool
	Marshaler              CommandEventMarshaler
	Logger                 watermill.LoggerAdapter
}

func (c EventGroupProcessorConfig) Validate() error {
	return nil
}

type EventGroupProcessorGenerateSubscribeTopicFn func(EventGroupProcessorGenerateSubscribeTopicParams) (string, error)

type EventGroupProcessorGenerateSubscribeTopicParams struct {
	EventGroupName     string
	EventGroupHandlers []GroupEventHandler
}

type EventGroupProcessorSubscriberConstructorFn func(EventGroupProcessorSubscriberConstructorParams) (message.Subscriber, error)

type EventGroupProcessorSubscriberConstructorParams struct {
	EventGroupName     string
	EventGroupHandlers []GroupEventHandler
}

type EventGroupProcessorOnHandleFn func(params EventGroupProcessorOnHandleParams) error

type EventGroupProcessorOnHandleParams struct {
	GroupName string
	Handler   GroupEventHandler
	Event     any
	EventName string
	Message   *message.Message
}

type EventGroupProcessor struct {
	router             *message.Router
	groupEventHandlers map[string][]GroupEventHandler
	config             EventGroupProcessorConfig
}

func NewEventGroupProcessorWithConfig(router *message.Router, config EventGroupProcessorConfig) (*EventGroupProcessor, error) {
	return nil, nil
}

func (p *EventGroupProcessor) AddHandlersGroup(groupName string, handlers ...GroupEventHandler) error {
	return nil
}

type CommandEventMarshaler interface {
	Marshal(v interface{}) (*message.Message, error)
	Unmarshal(msg *message.Message, v interface{}) (err error)
	Name(v interface{}) string
	NameFromMessage(msg *message.Message) string
}

type CommandEventMarshalerDecorator struct {
	CommandEventMarshaler
	DecorateFunc func(v any, msg *message.Message) error
}

func (c CommandEventMarshalerDecorator) Marshal(v any) (*message.Message, error) {
	return nil, nil
}

type JSONMarshaler struct {
	NewUUID      func() string
	GenerateName func(v interface{}) string
}

func (m JSONMarshaler) Marshal(v interface{}) (*message.Message, error) {
	return nil, nil
}

func (JSONMarshaler) Unmarshal(msg *message.Message, v interface{}) (err error) {
	return
}

func (m JSONMarshaler) Name(cmdOrEvent interface{}) string {
	return ""
}

func (m JSONMarshaler) NameFromMessage(msg *message.Message) string {
	return ""
}

func FullyQualifiedStructName(v interface{}) string {
	return ""
}

func StructName(v interface{}) string {
	return ""
}

func NamedStruct(fallback func(v interface{}) string) func(v interface{}) string {
	return nil
}
