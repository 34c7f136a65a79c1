// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package options

import (
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/internal/optionsutil"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"
	"time"
)

type AggregateOptions struct {
	AllowDiskUse             *bool
	BatchSize                *int32
	BypassDocumentValidation *bool
	Collation                *Collation
	MaxAwaitTime             *time.Duration
	Comment                  any
	Hint                     any
	Let                      any
	Custom                   bson.M
	Internal                 optionsutil.Options
}

type AggregateOptionsBuilder struct {
	Opts []func(*AggregateOptions) error
}

func Aggregate() *AggregateOptionsBuilder {
	return nil
}

func (ao *AggregateOptionsBuilder) List() []func(*AggregateOptions) error {
	return nil
}

func (ao *AggregateOptionsBuilder) SetAllowDiskUse(b bool) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetBatchSize(i int32) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetBypassDocumentValidation(b bool) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetCollation(c *Collation) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetMaxAwaitTime(d time.Duration) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetComment(comment any) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetHint(h any) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetLet(let any) *AggregateOptionsBuilder {
	return ao
}

func (ao *AggregateOptionsBuilder) SetCustom(c bson.M) *AggregateOptionsBuilder {
	return ao
}

var DefaultOrdered = true

type BulkWriteOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
	Ordered                  *bool
	Let                      any
	Internal                 optionsutil.Options
}

type BulkWriteOptionsBuilder struct {
	Opts []func(*BulkWriteOptions) error
}

func BulkWrite() *BulkWriteOptionsBuilder {
	return nil
}

func (b *BulkWriteOptionsBuilder) List() []func(*BulkWriteOptions) error {
	return nil
}

func (b *BulkWriteOptionsBuilder) SetComment(comment any) *BulkWriteOptionsBuilder {
	return b
}

func (b *BulkWriteOptionsBuilder) SetOrdered(ordered bool) *BulkWriteOptionsBuilder {
	return b
}

func (b *BulkWriteOptionsBuilder) SetBypassDocumentValidation(bypass bool) *BulkWriteOptionsBuilder {
	return b
}

func (b *BulkWriteOptionsBuilder) SetLet(let any) *BulkWriteOptionsBuilder {
	return b
}

type CollectionOptions struct {
	ReadConcern    *readconcern.ReadConcern
	WriteConcern   *writeconcern.WriteConcern
	ReadPreference *readpref.ReadPref
	BSONOptions    *BSONOptions
	Registry       *bson.Registry
}

type CollectionOptionsBuilder struct {
	Opts []func(*CollectionOptions) error
}

func Collection() *CollectionOptionsBuilder {
	return nil
}

func (c *CollectionOptionsBuilder) List() []func(*CollectionOptions) error {
	return nil
}

func (c *CollectionOptionsBuilder) SetReadConcern(rc *readconcern.ReadConcern) *CollectionOptionsBuilder {
	return c
}

func (c *CollectionOptionsBuilder) SetWriteConcern(wc *writeconcern.WriteConcern) *CollectionOptionsBuilder {
	return c
}

func (c *CollectionOptionsBuilder) SetReadPreference(rp *readpref.ReadPref) *CollectionOptionsBuilder {
	return c
}

func (c *CollectionOptionsBuilder) SetBSONOptions(bopts *BSONOptions) *CollectionOptionsBuilder {
	return c
}

func (c *CollectionOptionsBuilder) SetRegistry(r *bson.Registry) *CollectionOptionsBuilder {
	return c
}

type CountOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
	Limit     *int64
	Skip      *int64
	Internal  optionsutil.Options
}

type CountOptionsBuilder struct{ Opts []func(*CountOptions) error }

func Count() *CountOptionsBuilder {
	return nil
}

func (co *CountOptionsBuilder) List() []func(*CountOptions) error {
	return nil
}

func (co *CountOptionsBuilder) SetCollation(c *Collation) *CountOptionsBuilder {
	return co
}

func (co *CountOptionsBuilder) SetComment(comment any) *CountOptionsBuilder {
	return co
}

func (co *CountOptionsBuilder) SetHint(h any) *CountOptionsBuilder {
	return co
}

func (co *CountOptionsBuilder) SetLimit(i int64) *CountOptionsBuilder {
	return co
}

func (co *CountOptionsBuilder) SetSkip(i int64) *CountOptionsBuilder {
	return co
}

type DatabaseOptions struct {
	ReadConcern    *readconcern.ReadConcern
	WriteConcern   *writeconcern.WriteConcern
	ReadPreference *readpref.ReadPref
	BSONOptions    *BSONOptions
	Registry       *bson.Registry
}

type DatabaseOptionsBuilder struct {
	Opts []func(*DatabaseOptions) error
}

func Database() *DatabaseOptionsBuilder {
	return nil
}

func (d *DatabaseOptionsBuilder) List() []func(*DatabaseOptions) error {
	return nil
}

func (d *DatabaseOptionsBuilder) SetReadConcern(rc *readconcern.ReadConcern) *DatabaseOptionsBuilder {
	return d
}

func (d *DatabaseOptionsBuilder) SetWriteConcern(wc *writeconcern.WriteConcern) *DatabaseOptionsBuilder {
	return d
}

func (d *DatabaseOptionsBuilder) SetReadPreference(rp *readpref.ReadPref) *DatabaseOptionsBuilder {
	return d
}

func (d *DatabaseOptionsBuilder) SetBSONOptions(bopts *BSONOptions) *DatabaseOptionsBuilder {
	return d
}

func (d *DatabaseOptionsBuilder) SetRegistry(r *bson.Registry) *DatabaseOptionsBuilder {
	return d
}

type DeleteOneOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
	Let       any
	Internal  optionsutil.Options
}

type DeleteOneOptionsBuilder struct {
	Opts []func(*DeleteOneOptions) error
}

func DeleteOne() *DeleteOneOptionsBuilder {
	return nil
}

func (do *DeleteOneOptionsBuilder) List() []func(*DeleteOneOptions) error {
	return nil
}

func (do *DeleteOneOptionsBuilder) SetCollation(c *Collation) *DeleteOneOptionsBuilder {
	return do
}

func (do *DeleteOneOptionsBuilder) SetComment(comment any) *DeleteOneOptionsBuilder {
	return do
}

func (do *DeleteOneOptionsBuilder) SetHint(hint any) *DeleteOneOptionsBuilder {
	return do
}

func (do *DeleteOneOptionsBuilder) SetLet(let any) *DeleteOneOptionsBuilder {
	return do
}

type DeleteManyOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
	Let       any
	Internal  optionsutil.Options
}

type DeleteManyOptionsBuilder struct {
	Opts []func(*DeleteManyOptions) error
}

func DeleteMany() *DeleteManyOptionsBuilder {
	return nil
}

func (do *DeleteManyOptionsBuilder) List() []func(*DeleteManyOptions) error {
	return nil
}

func (do *DeleteManyOptionsBuilder) SetCollation(c *Collation) *DeleteManyOptionsBuilder {
	return do
}

func (do *DeleteManyOptionsBuilder) SetComment(comment any) *DeleteManyOptionsBuilder {
	return do
}

func (do *DeleteManyOptionsBuilder) SetHint(hint any) *DeleteManyOptionsBuilder {
	return do
}

func (do *DeleteManyOptionsBuilder) SetLet(let any) *DeleteManyOptionsBuilder {
	return do
}

type DistinctOptions struct {
	Collation *Collation
	Comment   any
	Hint      any
	Internal  optionsutil.Options
}

type DistinctOptionsBuilder struct {
	Opts []func(*DistinctOptions) error
}

func Distinct() *DistinctOptionsBuilder {
	return nil
}

func (do *DistinctOptionsBuilder) List() []func(*DistinctOptions) error {
	return nil
}

func (do *DistinctOptionsBuilder) SetCollation(c *Collation) *DistinctOptionsBuilder {
	return do
}

func (do *DistinctOptionsBuilder) SetComment(comment any) *DistinctOptionsBuilder {
	return do
}

func (do *DistinctOptionsBuilder) SetHint(hint any) *DistinctOptionsBuilder {
	return do
}

type DropCollectionOptions struct {
	EncryptedFields any
	Internal        optionsutil.Options
}

type DropCollectionOptionsBuilder struct {
	Opts []func(*DropCollectionOptions) error
}

func DropCollection() *DropCollectionOptionsBuilder {
	return nil
}

func (d *DropCollectionOptionsBuilder) List() []func(*DropCollectionOptions) error {
	return nil
}

func (d *DropCollectionOptionsBuilder) SetEncryptedFields(encryptedFields any) *DropCollectionOptionsBuilder {
	return d
}

type FindOptions struct {
	AllowPartialResults *bool
	Collation           *Collation
	Comment             any
	Hint                any
	Max                 any
	MaxAwaitTime        *time.Duration
	Min                 any
	OplogReplay         *bool
	Projection          any
	ReturnKey           *bool
	ShowRecordID        *bool
	Skip                *int64
	Sort                any
	AllowDiskUse        *bool
	BatchSize           *int32
	CursorType          *CursorType
	Let                 any
	Limit               *int64
	NoCursorTimeout     *bool
	Internal            optionsutil.Options
}

type FindOptionsBuilder struct{ Opts []func(*FindOptions) error }

func Find() *FindOptionsBuilder {
	return nil
}

func (f *FindOptionsBuilder) List() []func(*FindOptions) error {
	return nil
}

func (f *FindOptionsBuilder) SetAllowDiskUse(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetAllowPartialResults(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetBatchSize(i int32) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetCollation(collation *Collation) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetComment(comment any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetCursorType(ct CursorType) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetHint(hint any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetLet(let any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetLimit(i int64) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetMax(maxVal any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetMaxAwaitTime(d time.Duration) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetMin(minVal any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetNoCursorTimeout(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetOplogReplay(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetProjection(projection any) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetReturnKey(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetShowRecordID(b bool) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetSkip(i int64) *FindOptionsBuilder {
	return f
}

func (f *FindOptionsBuilder) SetSort(sort any) *FindOptionsBuilder {
	return f
}

type FindOneOptions struct {
	AllowPartialResults *bool
	Collation           *Collation
	Comment             any
	Hint                any
	Max                 any
	Min                 any
	OplogReplay         *bool
	Projection          any
	ReturnKey           *bool
	ShowRecordID        *bool
	Skip                *int64
	Sort                any
	Internal            optionsutil.Options
}

type FindOneOptionsBuilder struct{ Opts []func(*FindOneOptions) error }

func FindOne() *FindOneOptionsBuilder {
	return nil
}

func (f *FindOneOptionsBuilder) List() []func(*FindOneOptions) error {
	return nil
}

func (f *FindOneOptionsBuilder) SetAllowPartialResults(b bool) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetCollation(collation *Collation) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetComment(comment any) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetHint(hint any) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetMax(maxVal any) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetMin(minVal any) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetOplogReplay(b bool) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetProjection(projection any) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetReturnKey(b bool) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetShowRecordID(b bool) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetSkip(i int64) *FindOneOptionsBuilder {
	return f
}

func (f *FindOneOptionsBuilder) SetSort(sort any) *FindOneOptionsBuilder {
	return f
}

type FindOneAndReplaceOptions struct {
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Projection               any
	ReturnDocument           *ReturnDocument
	Sort                     any
	Upsert                   *bool
	Hint                     any
	Let                      any
	Internal                 optionsutil.Options
}

type FindOneAndReplaceOptionsBuilder struct {
	Opts []func(*FindOneAndReplaceOptions) error
}

func FindOneAndReplace() *FindOneAndReplaceOptionsBuilder {
	return nil
}

func (f *FindOneAndReplaceOptionsBuilder) List() []func(*FindOneAndReplaceOptions) error {
	return nil
}

func (f *FindOneAndReplaceOptionsBuilder) SetBypassDocumentValidation(b bool) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetCollation(collation *Collation) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetComment(comment any) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetProjection(projection any) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetReturnDocument(rd ReturnDocument) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetSort(sort any) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetUpsert(b bool) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetHint(hint any) *FindOneAndReplaceOptionsBuilder {
	return f
}

func (f *FindOneAndReplaceOptionsBuilder) SetLet(let any) *FindOneAndReplaceOptionsBuilder {
	return f
}

type FindOneAndUpdateOptions struct {
	ArrayFilters             []any
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Projection               any
	ReturnDocument           *ReturnDocument
	Sort                     any
	Upsert                   *bool
	Hint                     any
	Let                      any
	Internal                 optionsutil.Options
}

type FindOneAndUpdateOptionsBuilder struct {
	Opts []func(*FindOneAndUpdateOptions) error
}

func FindOneAndUpdate() *FindOneAndUpdateOptionsBuilder {
	return nil
}

func (f *FindOneAndUpdateOptionsBuilder) List() []func(*FindOneAndUpdateOptions) error {
	return nil
}

func (f *FindOneAndUpdateOptionsBuilder) SetArrayFilters(filters []any) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetBypassDocumentValidation(b bool) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetCollation(collation *Collation) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetComment(comment any) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetProjection(projection any) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetReturnDocument(rd ReturnDocument) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetSort(sort any) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetUpsert(b bool) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetHint(hint any) *FindOneAndUpdateOptionsBuilder {
	return f
}

func (f *FindOneAndUpdateOptionsBuilder) SetLet(let any) *FindOneAndUpdateOptionsBuilder {
	return f
}

type FindOneAndDeleteOptions struct {
	Collation  *Collation
	Comment    any
	Projection any
	Sort       any
	Hint       any
	Let        any
	Internal   optionsutil.Options
}

type FindOneAndDeleteOptionsBuilder struct {
	Opts []func(*FindOneAndDeleteOptions) error
}

func FindOneAndDelete() *FindOneAndDeleteOptionsBuilder {
	return nil
}

func (f *FindOneAndDeleteOptionsBuilder) List() []func(*FindOneAndDeleteOptions) error {
	return nil
}

func (f *FindOneAndDeleteOptionsBuilder) SetCollation(collation *Collation) *FindOneAndDeleteOptionsBuilder {
	return f
}

func (f *FindOneAndDeleteOptionsBuilder) SetComment(comment any) *FindOneAndDeleteOptionsBuilder {
	return f
}

func (f *FindOneAndDeleteOptionsBuilder) SetProjection(projection any) *FindOneAndDeleteOptionsBuilder {
	return f
}

func (f *FindOneAndDeleteOptionsBuilder) SetSort(sort any) *FindOneAndDeleteOptionsBuilder {
	return f
}

func (f *FindOneAndDeleteOptionsBuilder) SetHint(hint any) *FindOneAndDeleteOptionsBuilder {
	return f
}

func (f *FindOneAndDeleteOptionsBuilder) SetLet(let any) *FindOneAndDeleteOptionsBuilder {
	return f
}

type InsertOneOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
	Internal                 optionsutil.Options
}

type InsertOneOptionsBuilder struct {
	Opts []func(*InsertOneOptions) error
}

func InsertOne() *InsertOneOptionsBuilder {
	return nil
}

func (ioo *InsertOneOptionsBuilder) List() []func(*InsertOneOptions) error {
	return nil
}

func (ioo *InsertOneOptionsBuilder) SetBypassDocumentValidation(b bool) *InsertOneOptionsBuilder {
	return ioo
}

func (ioo *InsertOneOptionsBuilder) SetComment(comment any) *InsertOneOptionsBuilder {
	return ioo
}

type InsertManyOptions struct {
	BypassDocumentValidation *bool
	Comment                  any
	Ordered                  *bool
	Internal                 optionsutil.Options
}

type InsertManyOptionsBuilder struct {
	Opts []func(*InsertManyOptions) error
}

func InsertMany() *InsertManyOptionsBuilder {
	return nil
}

func (imo *InsertManyOptionsBuilder) List() []func(*InsertManyOptions) error {
	return nil
}

func (imo *InsertManyOptionsBuilder) SetBypassDocumentValidation(b bool) *InsertManyOptionsBuilder {
	return imo
}

func (imo *InsertManyOptionsBuilder) SetComment(comment any) *InsertManyOptionsBuilder {
	return imo
}

func (imo *InsertManyOptionsBuilder) SetOrdered(b bool) *InsertManyOptionsBuilder {
	return imo
}

type Lister[T any] interface{ List() []func(*T) error }

type Collation struct {
	Locale          string `bson:",omitempty"`
	CaseLevel       bool   `bson:",omitempty"`
	CaseFirst       string `bson:",omitempty"`
	Strength        int    `bson:",omitempty"`
	NumericOrdering bool   `bson:",omitempty"`
	Alternate       string `bson:",omitempty"`
	MaxVariable     string `bson:",omitempty"`
	Normalization   bool   `bson:",omitempty"`
	Backwards       bool   `bson:",omitempty"`
}

type CursorType int8

const (
	NonTailable CursorType = iota
	Tailable
	TailableAwait
)

type ReturnDocument int8

const (
	Before ReturnDocument = iota
	After
)

type FullDocument string

const (
	Default       FullDocument = "default"
	Off           FullDocument = "off"
	Required      FullDocument = "required"
	UpdateLookup  FullDocument = "updateLookup"
	WhenAvailable FullDocument = "whenAvailable"
)

type ReplaceOptions struct {
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Hint                     any
	Upsert                   *bool
	Let                      any
	Sort                     any
	Internal                 optionsutil.Options
}

type ReplaceOptionsBuilder struct{ Opts []func(*ReplaceOptions) error }

func Replace() *ReplaceOptionsBuilder {
	return nil
}

func (ro *ReplaceOptionsBuilder) List() []func(*ReplaceOptions) error {
	return nil
}

func (ro *ReplaceOptionsBuilder) SetBypassDocumentValidation(b bool) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetCollation(c *Collation) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetComment(comment any) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetHint(h any) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetUpsert(b bool) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetLet(l any) *ReplaceOptionsBuilder {
	return ro
}

func (ro *ReplaceOptionsBuilder) SetSort(s any) *ReplaceOptionsBuilder {
	return ro
}

var DefaultCausalConsistency = true

type SessionOptions struct {
	CausalConsistency         *bool
	DefaultTransactionOptions *TransactionOptionsBuilder
	Snapshot                  *bool
	SnapshotTime              *bson.Timestamp
}

type SessionOptionsBuilder struct{ Opts []func(*SessionOptions) error }

func Session() *SessionOptionsBuilder {
	return nil
}

func (s *SessionOptionsBuilder) List() []func(*SessionOptions) error {
	return nil
}

func (s *SessionOptionsBuilder) SetCausalConsistency(b bool) *SessionOptionsBuilder {
	return s
}

func (s *SessionOptionsBuilder) SetDefaultTransactionOptions(dt *TransactionOptionsBuilder) *SessionOptionsBuilder {
	return s
}

func (s *SessionOptionsBuilder) SetSnapshot(b bool) *SessionOptionsBuilder {
	return s
}

func (s *SessionOptionsBuilder) SetSnapshotTime(t bson.Timestamp) *SessionOptionsBuilder {
	return s
}

type TransactionOptions struct {
	ReadConcern    *readconcern.ReadConcern
	ReadPreference *readpref.ReadPref
	WriteConcern   *writeconcern.WriteConcern
}

type TransactionOptionsBuilder struct {
	Opts []func(*TransactionOptions) error
}

func Transaction() *TransactionOptionsBuilder {
	return nil
}

func (t *TransactionOptionsBuilder) List() []func(*TransactionOptions) error {
	return nil
}

func (t *TransactionOptionsBuilder) SetReadConcern(rc *readconcern.ReadConcern) *TransactionOptionsBuilder {
	return t
}

func (t *TransactionOptionsBuilder) SetReadPreference(rp *readpref.ReadPref) *TransactionOptionsBuilder {
	return t
}

func (t *TransactionOptionsBuilder) SetWriteConcern(wc *writeconcern.WriteConcern) *TransactionOptionsBuilder {
	return t
}

type UpdateOneOptions struct {
	ArrayFilters             []any
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Hint                     any
	Upsert                   *bool
	Let                      any
	Sort                     any
	Internal                 optionsutil.Options
}

type UpdateOneOptionsBuilder struct {
	Opts []func(*UpdateOneOptions) error
}

func UpdateOne() *UpdateOneOptionsBuilder {
	return nil
}

func (uo *UpdateOneOptionsBuilder) List() []func(*UpdateOneOptions) error {
	return nil
}

func (uo *UpdateOneOptionsBuilder) SetArrayFilters(af []any) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetBypassDocumentValidation(b bool) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetCollation(c *Collation) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetComment(comment any) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetHint(h any) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetUpsert(b bool) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetLet(l any) *UpdateOneOptionsBuilder {
	return uo
}

func (uo *UpdateOneOptionsBuilder) SetSort(s any) *UpdateOneOptionsBuilder {
	return uo
}

type UpdateManyOptions struct {
	ArrayFilters             []any
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  any
	Hint                     any
	Upsert                   *bool
	Let                      any
	Internal                 optionsutil.Options
}

type UpdateManyOptionsBuilder struct {
	Opts []func(*UpdateManyOptions) error
}

func UpdateMany() *UpdateManyOptionsBuilder {
	return nil
}

func (uo *UpdateManyOptionsBuilder) List() []func(*UpdateManyOptions) error {
	return nil
}

func (uo *UpdateManyOptionsBuilder) SetArrayFilters(af []any) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetBypassDocumentValidation(b bool) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetCollation(c *Collation) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetComment(comment any) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetHint(h any) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetUpsert(b bool) *UpdateManyOptionsBuilder {
	return uo
}

func (uo *UpdateManyOptionsBuilder) SetLet(l any) *UpdateManyOptionsBuilder {
	return uo
}

// ---- clientoptions.go (subset) ----

type ClientOptions struct {
	AppName        *string
	Hosts          []string
	MaxPoolSize    *uint64
	ReadConcern    *readconcern.ReadConcern
	ReadPreference *readpref.ReadPref
	Registry       *bson.Registry
	RetryWrites    *bool
	ConnectTimeout *time.Duration
	WriteConcern   *writeconcern.WriteConcern
	err            error
	uri            string
}

func Client() *ClientOptions { return &ClientOptions{} }

func (c *ClientOptions) ApplyURI(uri string) *ClientOptions { c.uri = uri; return c }

func (c *ClientOptions) GetURI() string { return c.uri }

func (c *ClientOptions) Validate() error { return c.err }

func (c *ClientOptions) SetAppName(s string) *ClientOptions { return c }

func (c *ClientOptions) SetHosts(s []string) *ClientOptions { return c }

func (c *ClientOptions) SetMaxPoolSize(u uint64) *ClientOptions { return c }

func (c *ClientOptions) SetRetryWrites(b bool) *ClientOptions { return c }

func (c *ClientOptions) SetWriteConcern(wc *writeconcern.WriteConcern) *ClientOptions { return c }

type BSONOptions struct {
	UseJSONStructTags       bool
	ErrorOnInlineDuplicates bool
	IntMinSize              bool
	NilMapAsEmpty           bool
	NilSliceAsEmpty         bool
	NilByteSliceAsEmpty     bool
	OmitZeroStruct          bool
	UseLocalTimeZone        bool
}
