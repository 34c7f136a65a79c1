// Package jobq is an application's own queue over asynq (the shape of
// convoy's queue/redis): Write enqueues a job under its ID, a fresh one
// when it has none, after its delay, and replaces a task with that ID
// still in the queue.
package jobq

import (
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Job is what the application enqueues.
type Job struct {
	ID      string        `json:"id"`
	Payload []byte        `json:"payload"`
	Delay   time.Duration `json:"delay"`
}

// Queuer is the queue the handlers are given.
type Queuer interface {
	Write(task, queue string, job *Job) error
}

// RedisQueue is the asynq implementation.
type RedisQueue struct {
	Client    *asynq.Client
	Inspector *asynq.Inspector
}

func (q *RedisQueue) Write(task, queue string, job *Job) error {
	if job.ID == "" {
		job.ID = uuid.NewString()
	}
	t := asynq.NewTask(task, job.Payload, asynq.Queue(queue), asynq.TaskID(job.ID), asynq.ProcessIn(job.Delay))
	if _, err := q.Inspector.GetTaskInfo(queue, job.ID); err == nil {
		if err := q.Inspector.DeleteTask(queue, job.ID); err != nil {
			return err
		}
	}
	_, err := q.Client.Enqueue(t)
	return err
}
