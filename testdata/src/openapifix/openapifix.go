// Package openapifix calls a generated OpenAPI client from asynq handlers.
package openapifix

import (
	"context"

	"github.com/hibiken/asynq"

	"openapifix/apiclient"
)

type Deps struct{ API *apiclient.APIClient }

// Create POSTs a project through the generated client.
func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	_, err := d.API.ProjectAPI.CreateProject(ctx).Project(apiclient.Project{Name: string(t.Payload())}).Execute()
	return err
}

// Show GETs one.
func (d *Deps) Show(ctx context.Context, t *asynq.Task) error {
	_, err := d.API.ProjectAPI.GetProject(ctx, string(t.Payload())).Execute()
	return err
}

func Register(mux *asynq.ServeMux) {
	d := &Deps{API: apiclient.NewAPIClient(&apiclient.Configuration{Host: "https://api.example.com"})}
	mux.HandleFunc("project:create", d.Create)
	mux.HandleFunc("project:show", d.Show)
}
