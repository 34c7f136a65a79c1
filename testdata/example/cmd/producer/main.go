// Command producer enqueues the shop's asynq tasks. Its options set the
// retry policy of each task type; asynq.Unique dedupes enqueueing only.
package main

import (
	"encoding/json"
	"log"
	"time"

	"github.com/hibiken/asynq"

	"example.com/shop/jobs"
)

func main() {
	client := asynq.NewClient(asynq.RedisClientOpt{Addr: "localhost:6379"})
	defer client.Close()

	credit, _ := json.Marshal(jobs.CreditPayload{OrderID: "order-8812", Account: 7, Amount: 2500})
	if _, err := client.Enqueue(asynq.NewTask("credit:naive", credit, asynq.MaxRetry(3), asynq.Timeout(2*time.Minute))); err != nil {
		log.Fatal(err)
	}
	welcome, _ := json.Marshal(jobs.UserPayload{UserID: 42})
	// Unique stops a second enqueue within the hour, not a redelivery.
	if _, err := client.Enqueue(asynq.NewTask("user:welcome", welcome, asynq.Unique(time.Hour))); err != nil {
		log.Fatal(err)
	}
	if err := enqueueBilling(client); err != nil {
		log.Fatal(err)
	}
}
