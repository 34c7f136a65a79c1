package lockfix

import (
	"context"
	"net/http"
)

func post(ctx context.Context) error { // want post:`^effects: http/post api.example.com$`
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://api.example.com", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}
