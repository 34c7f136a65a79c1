// Stub of firebase.google.com/go/v4@v4.19.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

// Package firebase is the entry point to the Firebase Admin SDK.
package firebase

import (
	"context"

	"firebase.google.com/go/v4/messaging"
	"google.golang.org/api/option"
)

// Version of the Firebase Go Admin SDK.
const Version = "4.19.0"

// An App holds configuration and state common to all Firebase services that are exposed from the SDK.
type App struct {
	authOverride     map[string]interface{}
	dbURL            string
	projectID        string
	serviceAccountID string
	storageBucket    string
	opts             []option.ClientOption
}

// Config represents the configuration used to initialize an App.
type Config struct {
	AuthOverride     *map[string]interface{} `json:"databaseAuthVariableOverride"`
	DatabaseURL      string                  `json:"databaseURL"`
	ProjectID        string                  `json:"projectId"`
	ServiceAccountID string                  `json:"serviceAccountId"`
	StorageBucket    string                  `json:"storageBucket"`
}

// Messaging returns an instance of messaging.Client.
func (a *App) Messaging(ctx context.Context) (*messaging.Client, error) { return nil, nil }

// NewApp creates a new App from the provided config and client options.
func NewApp(ctx context.Context, config *Config, opts ...option.ClientOption) (*App, error) {
	return nil, nil
}
