// Package devicefix covers calls to devices and people the name inference
// used to classify (catalog: aws.yaml aws-iot-data, mqtt.yaml, chat.yaml
// wechat-subscribe): a device shadow update is a repeated request to the
// device, a shadow read is safe, an MQTT connect and disconnect change
// nothing a redelivery repeats, a WeChat subscription message reaches a
// person each time.
package devicefix

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/iotdataplane"
	mqtt "github.com/eclipse/paho.mqtt.golang"
	"github.com/hibiken/asynq"
	"github.com/silenceper/wechat/v2/miniprogram/subscribe"
)

type Deps struct {
	IoT *iotdataplane.Client
	Sub *subscribe.Subscribe
}

func (d *Deps) Shadow(ctx context.Context, t *asynq.Task) error { // want Shadow:`^effects: http/post iot shadow$` `unguarded: handler \(\*devicefix.Deps\).Shadow .*repeats .*http post \(iot shadow\) \(high\)`
	name := string(t.Payload())
	_, err := d.IoT.UpdateThingShadow(ctx, &iotdataplane.UpdateThingShadowInput{ThingName: &name, Payload: []byte(`{"state":{}}`)})
	return err
}

func (d *Deps) ReadShadow(ctx context.Context, t *asynq.Task) error { // want ReadShadow:`^effects: http/get iot shadow$`
	name := string(t.Payload())
	_, err := d.IoT.GetThingShadow(ctx, &iotdataplane.GetThingShadowInput{ThingName: &name})
	return err
}

func (d *Deps) Kick(ctx context.Context, t *asynq.Task) error { // want Kick:`^effects: network/call mqtt; network/call mqtt$`
	c := mqtt.NewClient(&mqtt.ClientOptions{ClientID: string(t.Payload())})
	c.Connect() // the token is not waited on here: its methods are interface calls
	c.Disconnect(0)
	return nil
}

func (d *Deps) Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: push/send wechat$` `unguarded: handler \(\*devicefix.Deps\).Notify .*repeats .*push send \(wechat\) \(high\)`
	return d.Sub.Send(&subscribe.Message{ToUser: string(t.Payload()), TemplateID: "paid"})
}
