// Package sdkfix covers the SaaS SDK models: a Slack post and a gomail send
// are user-visible duplicates, an S3 object under a stable key is
// overwritten (safe) but one under a fresh UUID is a new object each time,
// and a language-model completion creates nothing.
package sdkfix

import (
	"context"
	"net/http"
	"strings"

	"dario.cat/mergo"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/openai/openai-go/v3"
	"github.com/slack-go/slack"
	lcopenai "github.com/tmc/langchaingo/llms/openai"
	"google.golang.org/genai"
	"gopkg.in/gomail.v2"
)

type Deps struct {
	Slack  *slack.Client
	Mail   *gomail.Dialer
	S3     *s3.Client
	AI     *openai.ChatCompletionService
	GenAI  *genai.Client
	LC     *lcopenai.LLM
	NLPURL string
}

func (d *Deps) Announce(ctx context.Context, t *asynq.Task) error { // want Announce:`^effects: push/send slack$` `unguarded: handler \(\*sdkfix.Deps\).Announce repeats .*push send \(slack\) \(high\)`
	_, _, err := d.Slack.PostMessageContext(ctx, "#orders", slack.MsgOptionText("new order", false))
	return err
}

func (d *Deps) Mailout(ctx context.Context, t *asynq.Task) error { // want Mailout:`^effects: email/send smtp$` `unguarded: handler \(\*sdkfix.Deps\).Mailout repeats .*email send \(smtp\) \(high\)`
	m := gomail.NewMessage()
	m.SetHeader("To", "a@example.com")
	return d.Mail.DialAndSend(m)
}

func (d *Deps) StoreReport(ctx context.Context, t *asynq.Task) error { // want StoreReport:`^effects: file_write/write s3$`
	_, err := d.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("reports"), Key: aws.String("reports/" + string(t.Payload()))})
	return err
}

func (d *Deps) StoreUpload(ctx context.Context, t *asynq.Task) error { // want StoreUpload:`^effects: file_write/create s3$` `unguarded: handler \(\*sdkfix.Deps\).StoreUpload repeats .*file_write create \(s3\) \(medium\).*every delivery makes a new object`
	_, err := d.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("uploads"), Key: aws.String(uuid.NewString())})
	return err
}

// putObject stores under the key its caller gives: the caller decides
// whether the put overwrites.
func (d *Deps) putObject(ctx context.Context, key string, body []byte) error { // want putObject:`^effects: file_write/write s3$`
	_, err := d.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("pdfs"), Key: aws.String(key)})
	return err
}

// UploadFresh passes a fresh UUID to the helper: a new object every
// delivery.
func (d *Deps) UploadFresh(ctx context.Context, t *asynq.Task) error { // want UploadFresh:`^effects: file_write/create s3$` `unguarded: handler \(\*sdkfix.Deps\).UploadFresh repeats .*file_write create \(s3\) \(medium\).*the object's key uuid.NewString\(\) \+ ".pdf" derives from .*every delivery makes a new object`
	return d.putObject(ctx, uuid.NewString()+".pdf", t.Payload())
}

// UploadStable passes a key from the payload: an overwrite, safe.
func (d *Deps) UploadStable(ctx context.Context, t *asynq.Task) error { // want UploadStable:`^effects: file_write/write s3$`
	return d.putObject(ctx, "pdfs/"+string(t.Payload()), t.Payload())
}

func (d *Deps) Summarize(ctx context.Context, t *asynq.Task) error { // want Summarize:`^effects: http/post openai$`
	_, err := d.AI.New(ctx, openai.ChatCompletionNewParams{Model: "gpt"})
	return err
}

// Embed asks Google's Gen AI for an embedding: a computation, safe.
func (d *Deps) Embed(ctx context.Context, t *asynq.Task) error { // want Embed:`^effects: http/post genai$`
	_, err := d.GenAI.Models.EmbedContent(ctx, "text-embedding-004", []*genai.Content{{Text: string(t.Payload())}}, nil)
	return err
}

// AskLangchain asks for a completion through langchaingo's OpenAI LLM: its
// internal client's POST computes an answer, safe.
func (d *Deps) AskLangchain(ctx context.Context, t *asynq.Task) error { // want AskLangchain:`^effects: http/post openai$`
	_, err := d.LC.Call(ctx, string(t.Payload()))
	return err
}

// EmbedLangchain computes embeddings through langchaingo: safe.
func (d *Deps) EmbedLangchain(ctx context.Context, t *asynq.Task) error { // want EmbedLangchain:`^effects: http/post openai$`
	_, err := d.LC.CreateEmbedding(ctx, []string{string(t.Payload())})
	return err
}

// AskNLP is the near miss: the same kind of request to a service of the
// application's own (by path only) is a POST the analysis cannot read as
// a computation.
func (d *Deps) AskNLP(ctx context.Context, t *asynq.Task) error { // want AskNLP:`^effects: http/post` `unguarded: handler \(\*sdkfix.Deps\).AskNLP repeats .*http post`
	resp, err := http.Post(d.NLPURL+"/entities", "application/json", strings.NewReader(string(t.Payload())))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// MergeMeta merges two maps in memory with mergo: no effect.
func (d *Deps) MergeMeta(ctx context.Context, t *asynq.Task) error { // want MergeMeta:`^no effects$`
	dst := map[string]any{"a": 1}
	return mergo.Merge(&dst, map[string]any{"b": string(t.Payload())}, mergo.WithOverride)
}
