// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package config

import (
	"crypto/tls"
	"time"
)

const DefaultResultsExpireIn = 3600

// Config is reduced: the real struct also has SQS, GCPPubSub, MongoDB and
// DynamoDB sections that reference those SDKs' client types.
type Config struct {
	Broker                  string       `yaml:"broker" envconfig:"BROKER"`
	Lock                    string       `yaml:"lock" envconfig:"LOCK"`
	MultipleBrokerSeparator string       `yaml:"multiple_broker_separator" envconfig:"MULTIPLE_BROKEN_SEPARATOR"`
	DefaultQueue            string       `yaml:"default_queue" envconfig:"DEFAULT_QUEUE"`
	ResultBackend           string       `yaml:"result_backend" envconfig:"RESULT_BACKEND"`
	ResultsExpireIn         int          `yaml:"results_expire_in" envconfig:"RESULTS_EXPIRE_IN"`
	AMQP                    *AMQPConfig  `yaml:"amqp"`
	Redis                   *RedisConfig `yaml:"redis"`
	TLSConfig               *tls.Config
	NoUnixSignals           bool `yaml:"no_unix_signals" envconfig:"NO_UNIX_SIGNALS"`
}

type QueueBindingArgs map[string]interface{}

type QueueDeclareArgs map[string]interface{}

type AMQPConfig struct {
	Exchange         string           `yaml:"exchange" envconfig:"AMQP_EXCHANGE"`
	ExchangeType     string           `yaml:"exchange_type" envconfig:"AMQP_EXCHANGE_TYPE"`
	QueueDeclareArgs QueueDeclareArgs `yaml:"queue_declare_args" envconfig:"AMQP_QUEUE_DECLARE_ARGS"`
	QueueBindingArgs QueueBindingArgs `yaml:"queue_binding_args" envconfig:"AMQP_QUEUE_BINDING_ARGS"`
	BindingKey       string           `yaml:"binding_key" envconfig:"AMQP_BINDING_KEY"`
	PrefetchCount    int              `yaml:"prefetch_count" envconfig:"AMQP_PREFETCH_COUNT"`
	AutoDelete       bool             `yaml:"auto_delete" envconfig:"AMQP_AUTO_DELETE"`
}

type RedisConfig struct {
	MaxIdle                int    `yaml:"max_idle" envconfig:"REDIS_MAX_IDLE"`
	MaxActive              int    `yaml:"max_active" envconfig:"REDIS_MAX_ACTIVE"`
	IdleTimeout            int    `yaml:"max_idle_timeout" envconfig:"REDIS_IDLE_TIMEOUT"`
	Wait                   bool   `yaml:"wait" envconfig:"REDIS_WAIT"`
	ReadTimeout            int    `yaml:"read_timeout" envconfig:"REDIS_READ_TIMEOUT"`
	WriteTimeout           int    `yaml:"write_timeout" envconfig:"REDIS_WRITE_TIMEOUT"`
	ConnectTimeout         int    `yaml:"connect_timeout" envconfig:"REDIS_CONNECT_TIMEOUT"`
	NormalTasksPollPeriod  int    `yaml:"normal_tasks_poll_period" envconfig:"REDIS_NORMAL_TASKS_POLL_PERIOD"`
	DelayedTasksPollPeriod int    `yaml:"delayed_tasks_poll_period" envconfig:"REDIS_DELAYED_TASKS_POLL_PERIOD"`
	DelayedTasksKey        string `yaml:"delayed_tasks_key" envconfig:"REDIS_DELAYED_TASKS_KEY"`
	MasterName             string `yaml:"master_name" envconfig:"REDIS_MASTER_NAME"`
}

var reloadDelay = time.Second * 10
