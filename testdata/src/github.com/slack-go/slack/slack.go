// Package slack is a stub of github.com/slack-go/slack (v0.35.0 signatures).
package slack

import "context"

type Client struct{}

type MsgOption func() error

func MsgOptionText(text string, escape bool) MsgOption { return nil }

func (api *Client) PostMessageContext(ctx context.Context, channelID string, options ...MsgOption) (string, string, error) {
	return "", "", nil
}
