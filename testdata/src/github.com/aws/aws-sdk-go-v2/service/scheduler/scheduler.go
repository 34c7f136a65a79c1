// Package scheduler is a stub of the AWS SDK v2 EventBridge Scheduler
// client (v1.17.19 signatures).
package scheduler

import "context"

type Options struct{}

type Client struct{}

type CreateScheduleInput struct {
	Name               *string
	GroupName          *string
	ScheduleExpression *string
	ClientToken        *string
}

type CreateScheduleOutput struct{ ScheduleArn *string }

func (c *Client) CreateSchedule(ctx context.Context, params *CreateScheduleInput, optFns ...func(*Options)) (*CreateScheduleOutput, error) {
	return nil, nil
}
