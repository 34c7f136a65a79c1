// Command worker wires the clients and runs the asynq server.
package main

import (
	"context"
	"database/sql"
	"github.com/ClickHouse/clickhouse-go/v2"
	"log"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	"github.com/matrix-org/gomatrixserverlib/fclient"
	"github.com/minio/minio-go/v7"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"example.com/ecosystem/ent"
	_ "example.com/ecosystem/ent/runtime" // the schema's hooks and defaults
	"example.com/ecosystem/internal/blobs"
	"example.com/ecosystem/internal/fxjobs"
	"example.com/ecosystem/internal/gatestore"
	"example.com/ecosystem/internal/goschema"
	"example.com/ecosystem/internal/hookstore"
	"example.com/ecosystem/internal/idem"
	"example.com/ecosystem/internal/jobq"
	"example.com/ecosystem/internal/lockstore"
	"example.com/ecosystem/internal/models"
	"example.com/ecosystem/internal/nkevents"
	"example.com/ecosystem/internal/nkrepo"
	"example.com/ecosystem/internal/notify"
	"example.com/ecosystem/internal/objstore"
	"example.com/ecosystem/internal/regjobs"
	"example.com/ecosystem/internal/sqlcdb"
	"example.com/ecosystem/internal/tracks"
	"example.com/ecosystem/jobs"
)

func main() {
	ctx := context.Background()
	dsn := os.Getenv("DATABASE_URL")

	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{})
	if err != nil {
		log.Fatal(err)
	}
	if err := models.RegisterCallbacks(gdb); err != nil {
		log.Fatal(err)
	}
	entClient, err := ent.Open("postgres", dsn)
	if err != nil {
		log.Fatal(err)
	}
	entClient.Customer.Use(notify.CustomerCreated())
	sdb, err := sqlx.Open("postgres", dsn)
	if err != nil {
		log.Fatal(err)
	}
	bdb := bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn))), pgdialect.New())
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	mc, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGO_URL")))
	if err != nil {
		log.Fatal(err)
	}
	nc, err := nats.Connect(os.Getenv("NATS_URL"))
	if err != nil {
		log.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		log.Fatal(err)
	}
	if err := goschema.Migrate(ctx, pool); err != nil {
		log.Fatal(err)
	}
	q := sqlcdb.New(pool)
	deps := &jobs.Deps{
		Gorm: gdb, Ent: entClient, Sqlx: sdb, Bun: bdb,
		Queries: q, Querier: q,
		Mongo: mc.Database("shop"), JS: js,
	}
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{Concurrency: 10})
	mux := jobs.Register(deps)
	jobs.RegisterNatKey(mux, &jobs.NatKeyDeps{DB: gdb, Repo: &nkrepo.Orders{DB: gdb}})
	events := &nkevents.PgRepo{Pool: pool}
	jobs.RegisterNestKey(mux, &jobs.NestKeyDeps{Payload: jobs.PayloadChannel{Events: events}, Fresh: jobs.FreshChannel{Events: events}})
	registerPerReg(mux, events)
	jobs.RegisterAfterDup(mux, &jobs.AfterDupDeps{Events: jobs.PayloadChannel{Events: events}, Notify: jobs.HookNotifier{Client: http.DefaultClient}})
	jobs.RegisterCallerTx(mux, &jobs.CallerDeps{Pool: pool, Q: q})
	jobs.RegisterParts(mux, &jobs.PartsDeps{Store: &jobs.PgParts{Pool: pool}})
	jobs.RegisterGates(mux, &jobs.GateDeps{Store: &gatestore.PgStore{Pool: pool}, Pool: pool})
	jobs.RegisterLocks(mux, &jobs.LockDeps{Store: &lockstore.PgStore{Pool: pool}, Queue: asynq.NewClient(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")})})
	jobs.RegisterCopy(mux, &jobs.CopyDeps{Pool: pool})
	jobs.RegisterCopier(mux, &jobs.CopierDeps{Pool: pool})
	jobs.RegisterAny(mux, &jobs.AnyDeps{Pool: pool})
	jobs.RegisterHTTPWrites(mux)
	jobs.RegisterTokenGrants(mux)
	jobs.RegisterForward(mux, &jobs.ForwardDeps{Client: http.DefaultClient, Base: os.Getenv("FORWARD_URL")})
	ch, err := clickhouse.Open(&clickhouse.Options{Addr: []string{os.Getenv("CLICKHOUSE_ADDR")}})
	if err != nil {
		log.Fatal(err)
	}
	jobs.RegisterClickHouse(mux, &jobs.CHDeps{CH: ch})
	jobs.RegisterLLM(mux)
	jobs.RegisterDoer(mux, &jobs.DoerDeps{Client: http.DefaultClient})
	jobs.RegisterEmbed(mux, &jobs.EmbedDeps{Pool: pool})
	jobs.RegisterGoSchema(mux, &jobs.GoSchemaDeps{Pool: pool})
	jobs.RegisterDynWhere(mux, &jobs.DynWhereDeps{Pool: pool})
	jobs.RegisterFuncField(mux, &jobs.FuncFieldDeps{Pool: pool})
	jobs.RegisterHooks(mux, &jobs.HookDeps{Store: &hookstore.Store{Pool: pool}})
	jobs.RegisterStmt(mux, &jobs.StmtDeps{DB: stdlib.OpenDBFromPool(pool)})
	spread, err := jobs.PrepareSpread(ctx, stdlib.OpenDBFromPool(pool))
	if err != nil {
		log.Fatal(err)
	}
	jobs.RegisterSpread(mux, &jobs.SpreadDeps{Q: spread})
	jobs.RegisterCheckShapes(mux, &jobs.CheckShapeDeps{Pool: pool, DB: stdlib.OpenDBFromPool(pool)})
	jobs.RegisterEntID(mux, deps)
	jobs.RegisterEntFindCreate(mux, deps)
	jobs.RegisterSelectRow(mux, &jobs.SelectRowDeps{Pool: pool})
	sched := asynq.NewScheduler(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, nil)
	jobs.RegisterWaitlist(mux, &jobs.WaitlistDeps{Q: q, Sched: sched})
	legacyJS, err := nc.JetStream()
	if err != nil {
		log.Fatal(err)
	}
	if err := jobs.StartPullSender(legacyJS, &jobs.PullSender{NC: nc, SMTPAddr: os.Getenv("SMTP_ADDR")}); err != nil {
		log.Fatal(err)
	}
	if err := jobs.RegisterMatrix(&jobs.MatrixDeps{DB: stdlib.OpenDBFromPool(pool), JS: legacyJS, Fed: fclient.NewFederationClient(nil), HTTP: http.DefaultClient, ASURL: os.Getenv("APPSERVICE_URL"), Queue: &jobs.DBQueue{DB: stdlib.OpenDBFromPool(pool)}}); err != nil {
		log.Fatal(err)
	}
	jobs.RegisterBuilders(mux, &jobs.BuilderDeps{DB: sdb.DB})
	minioClient, err := minio.New(os.Getenv("MINIO_ENDPOINT"), &minio.Options{})
	if err != nil {
		log.Fatal(err)
	}
	jobs.RegisterObjects(mux, &jobs.ObjectDeps{Files: &objstore.MinIOStorage{Client: minioClient, Bucket: "exports"}})
	blobs.Init(minioClient)
	jobs.RegisterGlobals(mux)
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	jobs.RegisterClaims(mux, jobs.NewClaimDeps(idem.New(rdb), rdb))
	jobs.RegisterReplay(mux, jobs.NewReplayDeps(rdb, pool))
	jobs.RegisterDistLock(mux, &jobs.DistLockDeps{DB: gdb, RDB: rdb})
	jobs.RegisterFill(mux, &jobs.FillDeps{Pool: pool})
	jobs.RegisterOutbox(mux, &jobs.OutboxDeps{DB: gdb, Q: asynq.NewClient(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")})})
	jobs.RegisterSavedCopy(mux, &jobs.SavedCopyDeps{Repo: &jobs.GormCopyTickets{DB: gdb}})
	jobs.RegisterTrips(mux, &jobs.TripDeps{Repo: &jobs.GormTrips{DB: gdb}, DB: gdb})
	bufDeps, err := jobs.NewBufDeps(os.Getenv("PUSH_ADDR"), os.Getenv("SPOOL_PATH"))
	if err != nil {
		log.Fatal(err)
	}
	jobs.RegisterBuffered(mux, bufDeps)
	jobs.RegisterBufExport(mux)
	batchDeps, err := jobs.NewBatchDeps(pool)
	if err != nil {
		log.Fatal(err)
	}
	jobs.RegisterBatch(mux, batchDeps)
	jobs.RegisterReconcile(mux, &jobs.ReconcileDeps{Pool: pool})
	jobs.RegisterAdvisory(mux, &jobs.AdvisoryDeps{Pool: pool})
	redisOpt := asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}
	jobs.RegisterTaskID(mux, &jobs.TaskIDDeps{Q: &jobq.RedisQueue{Client: asynq.NewClient(redisOpt), Inspector: asynq.NewInspector(redisOpt)}})
	jobs.RegisterCond(mux, &jobs.CondDeps{Pool: pool})
	jobs.RegisterWrapped(mux)
	jobs.RegisterShapes(mux, &jobs.ShapeDeps{Pool: pool})
	jobs.RegisterCas(mux, jobs.CasRepo{DB: gdb})
	jobs.RegisterDupShapes(mux, &jobs.DupShapeDeps{Pool: pool})
	jobs.RegisterResume(mux, &jobs.ResumeDeps{Pool: pool, Ins: asynq.NewInspector(redisOpt), Q: asynq.NewClient(redisOpt)})
	jobs.RegisterTaggers(mux, stdlib.OpenDBFromPool(pool))
	jobs.RegisterGormShapes(mux, &jobs.GormShapeDeps{DB: gdb, Q: asynq.NewClient(redisOpt)})
	jobs.RegisterGormCount(mux, &jobs.GormCountDeps{DB: gdb, Labels: &jobs.GormLabelStore{DB: gdb}})
	jobs.RegisterTypedTasks(mux, jobs.NewTypedTasks(stdlib.OpenDBFromPool(pool)))
	jobs.RegisterCached(mux, &jobs.CachedDeps{Memo: idem.NewMemory(), DB: stdlib.OpenDBFromPool(pool)})
	if err := tracks.Migrate(gdb); err != nil {
		log.Fatal(err)
	}
	jobs.RegisterTracks(mux, &jobs.TrackDeps{Repo: &tracks.Repo{DB: gdb}, DB: gdb})
	jobs.RegisterShares(mux, &jobs.ShareDeps{Repo: &tracks.Repo{DB: gdb}})
	jobs.RegisterScreens(mux, &jobs.ScreenDeps{Pool: pool})
	regjobs.Setup(mux, pool)
	jobs.RegisterEntBulk(mux, deps)
	jobs.RegisterItemStatus(mux, &jobs.ItemDeps{Ent: entClient, Pool: pool, Projectors: map[string]string{"search": os.Getenv("SEARCH_URL"), "billing": os.Getenv("BILLING_URL")}, Notifier: jobs.HTTPItemNotifier{}})
	riverWorkers := river.NewWorkers()
	jobs.RegisterSnooze(riverWorkers, pool)
	if err := fxjobs.New(pool, mux, fxjobs.AuditConfig{}).Start(ctx); err != nil {
		log.Fatal(err)
	}
	if err := srv.Run(mux); err != nil {
		log.Fatal(err)
	}
}
