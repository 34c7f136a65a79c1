package catalog

// The schema of the catalog's discovery sections (registrations:,
// shapes:) and of a user config's registrations entries, which are the
// same rules. Package catalog owns it so that discovery (which applies
// the rules), config (which reads a user's) and models (task_from) import
// it rather than each other; what discovery adds at run time is in
// discovery.Registration, which embeds Registration.

// Registration describes a call that registers a handler.
type Registration struct {
	Func      string `yaml:"func"`
	Framework string `yaml:"framework"`
	// Name is the argument holding the task name; Task a fixed name.
	Name *int   `yaml:"name"`
	Task string `yaml:"task"`
	// Handler is the argument holding the handler.
	Handler int `yaml:"handler"`
	// Method is the handler method when a value of a type is registered.
	Method string `yaml:"method"`
	// KindTypeArg is the type argument whose Kind() names the task.
	KindTypeArg *int `yaml:"kind_type_arg"`
	// StructMethods: a pointer to a struct registers all its exported methods.
	StructMethods bool `yaml:"struct_methods"`
	// Delivery "at-most-once" marks systems that never redeliver (core
	// NATS): their handlers cannot run twice for one message, so they are
	// not reported as unguarded.
	Delivery string `yaml:"delivery"`
	// Ack is the subscription's ack mode when the call gives no option:
	// "auto" (the library acks when the handler returns: NATS Streaming,
	// JetStream's js.Subscribe) or "manual" (only the handler's own Ack
	// acknowledges: the jetstream package's consumers). ManualAck lists the
	// option functions ("pkg.Func") that, passed to the call, make an
	// "auto" subscription manual (stan.SetManualAckMode, nats.ManualAck).
	// A manual-ack handler that acks only on success redelivers a failure
	// (guard.AckWithheld); an auto-ack one is acked anyway.
	Ack       string   `yaml:"ack"`
	ManualAck []string `yaml:"manual_ack"`
	// Constructor: the call builds a handler value without registering
	// it (river.WorkFunc); the task is known, the registration site is not.
	Constructor bool `yaml:"constructor"`
	// Options is the argument of a struct literal whose Name field names
	// (or, for structs, prefixes) the task.
	Options *int `yaml:"options"`
	// TaskFrom says where the task is named when Name is not a constant:
	// typically the call that built the registering call's receiver
	// (pubsub client.Subscriber("x").Receive, rmq conn.OpenQueue("x")).
	TaskFrom []TaskSource `yaml:"task_from"`
	// PublishesReturned is the argument naming the topic the framework
	// publishes the handler's returned messages to (Watermill's
	// AddHandler): returning messages is a publish effect.
	PublishesReturned *int `yaml:"publishes_returned"`
	// Subscriber is the argument holding the subscription the handler is
	// given (Watermill's message.Subscriber): one built by a constructor
	// the library models as sequential (models.Model.Sequential) makes
	// the handler's deliveries never overlap.
	Subscriber *int `yaml:"subscriber"`
	// Source is where a user's config declares the rule ("file:line:col
	// (registrations[i])"); "" for the catalog's rules. Set by package
	// config, which knows the lines; read in errors.
	Source string `yaml:"-"`
}

// Shape describes a handler by its signature.
type Shape struct {
	Framework   string   `yaml:"framework"`
	Method      string   `yaml:"method"`
	Params      []string `yaml:"params"`
	Results     []string `yaml:"results"`
	KindTypeArg *int     `yaml:"kind_type_arg"`
	// FirstParam matches functions whose first parameter has this type,
	// whatever follows (Temporal workflows: workflow.Context).
	FirstParam string `yaml:"first_param"`
	// AnyParam matches functions with a parameter of this type anywhere: a
	// weaker rule (a function taking a broker's message type), so its
	// handlers get Confidence "low".
	AnyParam   string `yaml:"any_param"`
	Confidence string `yaml:"confidence"`
	// Rule, when set, is the rule such handlers are checked against
	// instead of unguarded (workflow-side-effect).
	Rule string `yaml:"rule"`
}

// TaskSource locates a consumer's task name (queue, topic,
// subscription): argument Arg of the call itself, or, with Func, of the
// call of Func that built the call's receiver (client.Subscriber("x"),
// conn.OpenQueue("x")); with Field, that field of a struct-literal
// argument (ReceiveMessageInput{QueueUrl: aws.String(url)}). A constant
// string, a string pointer helper of one (aws.String), or a []string
// literal of them (topics) names it; a URL's last path segment does.
// Registrations (task_from) and package models' consumer models use it.
type TaskSource struct {
	Func  string `yaml:"func"`
	Arg   int    `yaml:"arg"`
	Field string `yaml:"field"`
}
