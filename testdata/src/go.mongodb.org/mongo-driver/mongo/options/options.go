// Stub of go.mongodb.org/mongo-driver@v1.17.10 for analysistest: declarations mirror the real API (subset); bodies are empty.

package options

import (
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsoncodec"
	"go.mongodb.org/mongo-driver/mongo/readconcern"
	"go.mongodb.org/mongo-driver/mongo/readpref"
	"go.mongodb.org/mongo-driver/mongo/writeconcern"
	"time"
)

type AggregateOptions struct {
	AllowDiskUse             *bool
	BatchSize                *int32
	BypassDocumentValidation *bool
	Collation                *Collation
	MaxTime                  *time.Duration
	MaxAwaitTime             *time.Duration
	Comment                  *string
	Hint                     interface{}
	Let                      interface{}
	Custom                   bson.M
}

func Aggregate() *AggregateOptions {
	return nil
}

func (ao *AggregateOptions) SetAllowDiskUse(b bool) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetBatchSize(i int32) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetBypassDocumentValidation(b bool) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetCollation(c *Collation) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetMaxTime(d time.Duration) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetMaxAwaitTime(d time.Duration) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetComment(s string) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetHint(h interface{}) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetLet(let interface{}) *AggregateOptions {
	return ao
}

func (ao *AggregateOptions) SetCustom(c bson.M) *AggregateOptions {
	return ao
}

func MergeAggregateOptions(opts ...*AggregateOptions) *AggregateOptions {
	return nil
}

var DefaultOrdered = true

type BulkWriteOptions struct {
	BypassDocumentValidation *bool
	Comment                  interface{}
	Ordered                  *bool
	Let                      interface{}
	BypassEmptyTsReplacement *bool
}

func BulkWrite() *BulkWriteOptions {
	return nil
}

func (b *BulkWriteOptions) SetComment(comment interface{}) *BulkWriteOptions {
	return b
}

func (b *BulkWriteOptions) SetOrdered(ordered bool) *BulkWriteOptions {
	return b
}

func (b *BulkWriteOptions) SetBypassDocumentValidation(bypass bool) *BulkWriteOptions {
	return b
}

func (b *BulkWriteOptions) SetLet(let interface{}) *BulkWriteOptions {
	return b
}

func MergeBulkWriteOptions(opts ...*BulkWriteOptions) *BulkWriteOptions {
	return nil
}

type CollectionOptions struct {
	ReadConcern    *readconcern.ReadConcern
	WriteConcern   *writeconcern.WriteConcern
	ReadPreference *readpref.ReadPref
	BSONOptions    *BSONOptions
	Registry       *bsoncodec.Registry
}

func Collection() *CollectionOptions {
	return nil
}

func (c *CollectionOptions) SetReadConcern(rc *readconcern.ReadConcern) *CollectionOptions {
	return c
}

func (c *CollectionOptions) SetWriteConcern(wc *writeconcern.WriteConcern) *CollectionOptions {
	return c
}

func (c *CollectionOptions) SetReadPreference(rp *readpref.ReadPref) *CollectionOptions {
	return c
}

func (c *CollectionOptions) SetBSONOptions(opts *BSONOptions) *CollectionOptions {
	return c
}

func (c *CollectionOptions) SetRegistry(r *bsoncodec.Registry) *CollectionOptions {
	return c
}

func MergeCollectionOptions(opts ...*CollectionOptions) *CollectionOptions {
	return nil
}

type CountOptions struct {
	Collation *Collation
	Comment   *string
	Hint      interface{}
	Limit     *int64
	MaxTime   *time.Duration
	Skip      *int64
}

func Count() *CountOptions {
	return nil
}

func (co *CountOptions) SetCollation(c *Collation) *CountOptions {
	return co
}

func (co *CountOptions) SetComment(c string) *CountOptions {
	return co
}

func (co *CountOptions) SetHint(h interface{}) *CountOptions {
	return co
}

func (co *CountOptions) SetLimit(i int64) *CountOptions {
	return co
}

func (co *CountOptions) SetMaxTime(d time.Duration) *CountOptions {
	return co
}

func (co *CountOptions) SetSkip(i int64) *CountOptions {
	return co
}

func MergeCountOptions(opts ...*CountOptions) *CountOptions {
	return nil
}

type DatabaseOptions struct {
	ReadConcern    *readconcern.ReadConcern
	WriteConcern   *writeconcern.WriteConcern
	ReadPreference *readpref.ReadPref
	BSONOptions    *BSONOptions
	Registry       *bsoncodec.Registry
}

func Database() *DatabaseOptions {
	return nil
}

func (d *DatabaseOptions) SetReadConcern(rc *readconcern.ReadConcern) *DatabaseOptions {
	return d
}

func (d *DatabaseOptions) SetWriteConcern(wc *writeconcern.WriteConcern) *DatabaseOptions {
	return d
}

func (d *DatabaseOptions) SetReadPreference(rp *readpref.ReadPref) *DatabaseOptions {
	return d
}

func (d *DatabaseOptions) SetBSONOptions(opts *BSONOptions) *DatabaseOptions {
	return d
}

func (d *DatabaseOptions) SetRegistry(r *bsoncodec.Registry) *DatabaseOptions {
	return d
}

func MergeDatabaseOptions(opts ...*DatabaseOptions) *DatabaseOptions {
	return nil
}

type DeleteOptions struct {
	Collation *Collation
	Comment   interface{}
	Hint      interface{}
	Let       interface{}
}

func Delete() *DeleteOptions {
	return nil
}

func (do *DeleteOptions) SetCollation(c *Collation) *DeleteOptions {
	return do
}

func (do *DeleteOptions) SetComment(comment interface{}) *DeleteOptions {
	return do
}

func (do *DeleteOptions) SetHint(hint interface{}) *DeleteOptions {
	return do
}

func (do *DeleteOptions) SetLet(let interface{}) *DeleteOptions {
	return do
}

func MergeDeleteOptions(opts ...*DeleteOptions) *DeleteOptions {
	return nil
}

type DistinctOptions struct {
	Collation *Collation
	Comment   interface{}
	MaxTime   *time.Duration
}

func Distinct() *DistinctOptions {
	return nil
}

func (do *DistinctOptions) SetCollation(c *Collation) *DistinctOptions {
	return do
}

func (do *DistinctOptions) SetComment(comment interface{}) *DistinctOptions {
	return do
}

func (do *DistinctOptions) SetMaxTime(d time.Duration) *DistinctOptions {
	return do
}

func MergeDistinctOptions(opts ...*DistinctOptions) *DistinctOptions {
	return nil
}

type FindOptions struct {
	AllowDiskUse        *bool
	AllowPartialResults *bool
	BatchSize           *int32
	Collation           *Collation
	Comment             *string
	CursorType          *CursorType
	Hint                interface{}
	Limit               *int64
	Max                 interface{}
	MaxAwaitTime        *time.Duration
	MaxTime             *time.Duration
	Min                 interface{}
	NoCursorTimeout     *bool
	OplogReplay         *bool
	Projection          interface{}
	ReturnKey           *bool
	ShowRecordID        *bool
	Skip                *int64
	Snapshot            *bool
	Sort                interface{}
	Let                 interface{}
}

func Find() *FindOptions {
	return nil
}

func (f *FindOptions) SetAllowDiskUse(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetAllowPartialResults(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetBatchSize(i int32) *FindOptions {
	return f
}

func (f *FindOptions) SetCollation(collation *Collation) *FindOptions {
	return f
}

func (f *FindOptions) SetComment(comment string) *FindOptions {
	return f
}

func (f *FindOptions) SetCursorType(ct CursorType) *FindOptions {
	return f
}

func (f *FindOptions) SetHint(hint interface{}) *FindOptions {
	return f
}

func (f *FindOptions) SetLet(let interface{}) *FindOptions {
	return f
}

func (f *FindOptions) SetLimit(i int64) *FindOptions {
	return f
}

func (f *FindOptions) SetMax(max interface{}) *FindOptions {
	return f
}

func (f *FindOptions) SetMaxAwaitTime(d time.Duration) *FindOptions {
	return f
}

func (f *FindOptions) SetMaxTime(d time.Duration) *FindOptions {
	return f
}

func (f *FindOptions) SetMin(min interface{}) *FindOptions {
	return f
}

func (f *FindOptions) SetNoCursorTimeout(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetOplogReplay(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetProjection(projection interface{}) *FindOptions {
	return f
}

func (f *FindOptions) SetReturnKey(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetShowRecordID(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetSkip(i int64) *FindOptions {
	return f
}

func (f *FindOptions) SetSnapshot(b bool) *FindOptions {
	return f
}

func (f *FindOptions) SetSort(sort interface{}) *FindOptions {
	return f
}

func MergeFindOptions(opts ...*FindOptions) *FindOptions {
	return nil
}

type FindOneOptions struct {
	AllowPartialResults *bool
	BatchSize           *int32
	Collation           *Collation
	Comment             *string
	CursorType          *CursorType
	Hint                interface{}
	Max                 interface{}
	MaxAwaitTime        *time.Duration
	MaxTime             *time.Duration
	Min                 interface{}
	NoCursorTimeout     *bool
	OplogReplay         *bool
	Projection          interface{}
	ReturnKey           *bool
	ShowRecordID        *bool
	Skip                *int64
	Snapshot            *bool
	Sort                interface{}
}

func FindOne() *FindOneOptions {
	return nil
}

func (f *FindOneOptions) SetAllowPartialResults(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetBatchSize(i int32) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetCollation(collation *Collation) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetComment(comment string) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetCursorType(ct CursorType) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetHint(hint interface{}) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetMax(max interface{}) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetMaxAwaitTime(d time.Duration) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetMaxTime(d time.Duration) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetMin(min interface{}) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetNoCursorTimeout(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetOplogReplay(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetProjection(projection interface{}) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetReturnKey(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetShowRecordID(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetSkip(i int64) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetSnapshot(b bool) *FindOneOptions {
	return f
}

func (f *FindOneOptions) SetSort(sort interface{}) *FindOneOptions {
	return f
}

func MergeFindOneOptions(opts ...*FindOneOptions) *FindOneOptions {
	return nil
}

type FindOneAndReplaceOptions struct {
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  interface{}
	MaxTime                  *time.Duration
	Projection               interface{}
	ReturnDocument           *ReturnDocument
	Sort                     interface{}
	Upsert                   *bool
	Hint                     interface{}
	Let                      interface{}
	BypassEmptyTsReplacement *bool
}

func FindOneAndReplace() *FindOneAndReplaceOptions {
	return nil
}

func (f *FindOneAndReplaceOptions) SetBypassDocumentValidation(b bool) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetCollation(collation *Collation) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetComment(comment interface{}) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetMaxTime(d time.Duration) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetProjection(projection interface{}) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetReturnDocument(rd ReturnDocument) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetSort(sort interface{}) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetUpsert(b bool) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetHint(hint interface{}) *FindOneAndReplaceOptions {
	return f
}

func (f *FindOneAndReplaceOptions) SetLet(let interface{}) *FindOneAndReplaceOptions {
	return f
}

func MergeFindOneAndReplaceOptions(opts ...*FindOneAndReplaceOptions) *FindOneAndReplaceOptions {
	return nil
}

type FindOneAndUpdateOptions struct {
	ArrayFilters             *ArrayFilters
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  interface{}
	MaxTime                  *time.Duration
	Projection               interface{}
	ReturnDocument           *ReturnDocument
	Sort                     interface{}
	Upsert                   *bool
	Hint                     interface{}
	Let                      interface{}
	BypassEmptyTsReplacement *bool
}

func FindOneAndUpdate() *FindOneAndUpdateOptions {
	return nil
}

func (f *FindOneAndUpdateOptions) SetBypassDocumentValidation(b bool) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetArrayFilters(filters ArrayFilters) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetCollation(collation *Collation) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetComment(comment interface{}) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetMaxTime(d time.Duration) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetProjection(projection interface{}) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetReturnDocument(rd ReturnDocument) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetSort(sort interface{}) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetUpsert(b bool) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetHint(hint interface{}) *FindOneAndUpdateOptions {
	return f
}

func (f *FindOneAndUpdateOptions) SetLet(let interface{}) *FindOneAndUpdateOptions {
	return f
}

func MergeFindOneAndUpdateOptions(opts ...*FindOneAndUpdateOptions) *FindOneAndUpdateOptions {
	return nil
}

type FindOneAndDeleteOptions struct {
	Collation  *Collation
	Comment    interface{}
	MaxTime    *time.Duration
	Projection interface{}
	Sort       interface{}
	Hint       interface{}
	Let        interface{}
}

func FindOneAndDelete() *FindOneAndDeleteOptions {
	return nil
}

func (f *FindOneAndDeleteOptions) SetCollation(collation *Collation) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetComment(comment interface{}) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetMaxTime(d time.Duration) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetProjection(projection interface{}) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetSort(sort interface{}) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetHint(hint interface{}) *FindOneAndDeleteOptions {
	return f
}

func (f *FindOneAndDeleteOptions) SetLet(let interface{}) *FindOneAndDeleteOptions {
	return f
}

func MergeFindOneAndDeleteOptions(opts ...*FindOneAndDeleteOptions) *FindOneAndDeleteOptions {
	return nil
}

type InsertOneOptions struct {
	BypassDocumentValidation *bool
	Comment                  interface{}
	BypassEmptyTsReplacement *bool
}

func InsertOne() *InsertOneOptions {
	return nil
}

func (ioo *InsertOneOptions) SetBypassDocumentValidation(b bool) *InsertOneOptions {
	return ioo
}

func (ioo *InsertOneOptions) SetComment(comment interface{}) *InsertOneOptions {
	return ioo
}

func MergeInsertOneOptions(opts ...*InsertOneOptions) *InsertOneOptions {
	return nil
}

type InsertManyOptions struct {
	BypassDocumentValidation *bool
	Comment                  interface{}
	Ordered                  *bool
	BypassEmptyTsReplacement *bool
}

func InsertMany() *InsertManyOptions {
	return nil
}

func (imo *InsertManyOptions) SetBypassDocumentValidation(b bool) *InsertManyOptions {
	return imo
}

func (imo *InsertManyOptions) SetComment(comment interface{}) *InsertManyOptions {
	return imo
}

func (imo *InsertManyOptions) SetOrdered(b bool) *InsertManyOptions {
	return imo
}

func MergeInsertManyOptions(opts ...*InsertManyOptions) *InsertManyOptions {
	return nil
}

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

func (co *Collation) ToDocument() bson.Raw {
	var r0 bson.Raw
	return r0
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

type ArrayFilters struct {
	Registry *bsoncodec.Registry
	Filters  []interface{}
}

func (af *ArrayFilters) ToArray() ([]bson.Raw, error) {
	return nil, nil
}

func (af *ArrayFilters) ToArrayDocument() (bson.Raw, error) {
	var r0 bson.Raw
	return r0, nil
}

type MarshalError struct {
	Value interface{}
	Err   error
}

func (me MarshalError) Error() string {
	return ""
}

type ReplaceOptions struct {
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  interface{}
	Hint                     interface{}
	Upsert                   *bool
	Let                      interface{}
	BypassEmptyTsReplacement *bool
}

func Replace() *ReplaceOptions {
	return nil
}

func (ro *ReplaceOptions) SetBypassDocumentValidation(b bool) *ReplaceOptions {
	return ro
}

func (ro *ReplaceOptions) SetCollation(c *Collation) *ReplaceOptions {
	return ro
}

func (ro *ReplaceOptions) SetComment(comment interface{}) *ReplaceOptions {
	return ro
}

func (ro *ReplaceOptions) SetHint(h interface{}) *ReplaceOptions {
	return ro
}

func (ro *ReplaceOptions) SetUpsert(b bool) *ReplaceOptions {
	return ro
}

func (ro *ReplaceOptions) SetLet(l interface{}) *ReplaceOptions {
	return ro
}

func MergeReplaceOptions(opts ...*ReplaceOptions) *ReplaceOptions {
	return nil
}

var DefaultCausalConsistency = true

type SessionOptions struct {
	CausalConsistency     *bool
	DefaultReadConcern    *readconcern.ReadConcern
	DefaultReadPreference *readpref.ReadPref
	DefaultWriteConcern   *writeconcern.WriteConcern
	DefaultMaxCommitTime  *time.Duration
	Snapshot              *bool
}

func Session() *SessionOptions {
	return nil
}

func (s *SessionOptions) SetCausalConsistency(b bool) *SessionOptions {
	return s
}

func (s *SessionOptions) SetDefaultReadConcern(rc *readconcern.ReadConcern) *SessionOptions {
	return s
}

func (s *SessionOptions) SetDefaultReadPreference(rp *readpref.ReadPref) *SessionOptions {
	return s
}

func (s *SessionOptions) SetDefaultWriteConcern(wc *writeconcern.WriteConcern) *SessionOptions {
	return s
}

func (s *SessionOptions) SetDefaultMaxCommitTime(mct *time.Duration) *SessionOptions {
	return s
}

func (s *SessionOptions) SetSnapshot(b bool) *SessionOptions {
	return s
}

func MergeSessionOptions(opts ...*SessionOptions) *SessionOptions {
	return nil
}

type TransactionOptions struct {
	ReadConcern    *readconcern.ReadConcern
	ReadPreference *readpref.ReadPref
	WriteConcern   *writeconcern.WriteConcern
	MaxCommitTime  *time.Duration
}

func Transaction() *TransactionOptions {
	return nil
}

func (t *TransactionOptions) SetReadConcern(rc *readconcern.ReadConcern) *TransactionOptions {
	return t
}

func (t *TransactionOptions) SetReadPreference(rp *readpref.ReadPref) *TransactionOptions {
	return t
}

func (t *TransactionOptions) SetWriteConcern(wc *writeconcern.WriteConcern) *TransactionOptions {
	return t
}

func (t *TransactionOptions) SetMaxCommitTime(mct *time.Duration) *TransactionOptions {
	return t
}

func MergeTransactionOptions(opts ...*TransactionOptions) *TransactionOptions {
	return nil
}

type UpdateOptions struct {
	ArrayFilters             *ArrayFilters
	BypassDocumentValidation *bool
	Collation                *Collation
	Comment                  interface{}
	Hint                     interface{}
	Upsert                   *bool
	Let                      interface{}
	BypassEmptyTsReplacement *bool
}

func Update() *UpdateOptions {
	return nil
}

func (uo *UpdateOptions) SetArrayFilters(af ArrayFilters) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetBypassDocumentValidation(b bool) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetCollation(c *Collation) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetComment(comment interface{}) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetHint(h interface{}) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetUpsert(b bool) *UpdateOptions {
	return uo
}

func (uo *UpdateOptions) SetLet(l interface{}) *UpdateOptions {
	return uo
}

func MergeUpdateOptions(opts ...*UpdateOptions) *UpdateOptions {
	return nil
}

// ---- clientoptions.go (subset) ----

type ClientOptions struct {
	AppName        *string
	Hosts          []string
	MaxPoolSize    *uint64
	ReadConcern    *readconcern.ReadConcern
	ReadPreference *readpref.ReadPref
	Registry       *bsoncodec.Registry
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
