// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package mongo

import (
	"context"
	"errors"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type WriteModel interface{ writeModel() }

type InsertOneModel struct{ Document any }

func NewInsertOneModel() *InsertOneModel {
	return nil
}

func (iom *InsertOneModel) SetDocument(doc any) *InsertOneModel {
	return iom
}

func (*InsertOneModel) writeModel() {
}

type DeleteOneModel struct {
	Filter    any
	Collation *options.Collation
	Hint      any
}

func NewDeleteOneModel() *DeleteOneModel {
	return nil
}

func (dom *DeleteOneModel) SetFilter(filter any) *DeleteOneModel {
	return dom
}

func (dom *DeleteOneModel) SetCollation(collation *options.Collation) *DeleteOneModel {
	return dom
}

func (dom *DeleteOneModel) SetHint(hint any) *DeleteOneModel {
	return dom
}

func (*DeleteOneModel) writeModel() {
}

type DeleteManyModel struct {
	Filter    any
	Collation *options.Collation
	Hint      any
}

func NewDeleteManyModel() *DeleteManyModel {
	return nil
}

func (dmm *DeleteManyModel) SetFilter(filter any) *DeleteManyModel {
	return dmm
}

func (dmm *DeleteManyModel) SetCollation(collation *options.Collation) *DeleteManyModel {
	return dmm
}

func (dmm *DeleteManyModel) SetHint(hint any) *DeleteManyModel {
	return dmm
}

func (*DeleteManyModel) writeModel() {
}

type ReplaceOneModel struct {
	Collation   *options.Collation
	Upsert      *bool
	Filter      any
	Replacement any
	Hint        any
	Sort        any
}

func NewReplaceOneModel() *ReplaceOneModel {
	return nil
}

func (rom *ReplaceOneModel) SetHint(hint any) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetFilter(filter any) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetReplacement(rep any) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetCollation(collation *options.Collation) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetUpsert(upsert bool) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetSort(sort any) *ReplaceOneModel {
	return rom
}

func (*ReplaceOneModel) writeModel() {
}

type UpdateOneModel struct {
	Collation    *options.Collation
	Upsert       *bool
	Filter       any
	Update       any
	ArrayFilters []any
	Hint         any
	Sort         any
}

func NewUpdateOneModel() *UpdateOneModel {
	return nil
}

func (uom *UpdateOneModel) SetHint(hint any) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetFilter(filter any) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetUpdate(update any) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetArrayFilters(filters []any) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetCollation(collation *options.Collation) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetUpsert(upsert bool) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetSort(sort any) *UpdateOneModel {
	return uom
}

func (*UpdateOneModel) writeModel() {
}

type UpdateManyModel struct {
	Collation    *options.Collation
	Upsert       *bool
	Filter       any
	Update       any
	ArrayFilters []any
	Hint         any
}

func NewUpdateManyModel() *UpdateManyModel {
	return nil
}

func (umm *UpdateManyModel) SetHint(hint any) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetFilter(filter any) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetUpdate(update any) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetArrayFilters(filters []any) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetCollation(collation *options.Collation) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetUpsert(upsert bool) *UpdateManyModel {
	return umm
}

func (*UpdateManyModel) writeModel() {
}

func Connect(opts ...*options.ClientOptions) (*Client, error) {
	return nil, nil
}

func (c *Client) Disconnect(ctx context.Context) error {
	return nil
}

func (c *Client) StartSession(opts ...options.Lister[options.SessionOptions]) (*Session, error) {
	return nil, nil
}

func (c *Client) Database(name string, opts ...options.Lister[options.DatabaseOptions]) *Database {
	return nil
}

func WithSession(ctx context.Context, sess *Session, fn func(context.Context) error) error {
	return nil
}

func (c *Client) UseSession(ctx context.Context, fn func(context.Context) error) error {
	return nil
}

func (c *Client) UseSessionWithOptions(ctx context.Context, opts *options.SessionOptionsBuilder, fn func(context.Context) error) error {
	return nil
}

func (coll *Collection) Name() string {
	return ""
}

func (coll *Collection) Database() *Database {
	return nil
}

func (coll *Collection) BulkWrite(ctx context.Context, models []WriteModel, opts ...options.Lister[options.BulkWriteOptions]) (*BulkWriteResult, error) {
	return nil, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document any, opts ...options.Lister[options.InsertOneOptions]) (*InsertOneResult, error) {
	return nil, nil
}

func (coll *Collection) InsertMany(ctx context.Context, documents any, opts ...options.Lister[options.InsertManyOptions]) (*InsertManyResult, error) {
	return nil, nil
}

func (coll *Collection) DeleteOne(ctx context.Context, filter any, opts ...options.Lister[options.DeleteOneOptions]) (*DeleteResult, error) {
	return nil, nil
}

func (coll *Collection) DeleteMany(ctx context.Context, filter any, opts ...options.Lister[options.DeleteManyOptions]) (*DeleteResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateByID(ctx context.Context, id any, update any, opts ...options.Lister[options.UpdateOneOptions]) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateOne(ctx context.Context, filter any, update any, opts ...options.Lister[options.UpdateOneOptions]) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateMany(ctx context.Context, filter any, update any, opts ...options.Lister[options.UpdateManyOptions]) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) ReplaceOne(ctx context.Context, filter any, replacement any, opts ...options.Lister[options.ReplaceOptions]) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) Aggregate(ctx context.Context, pipeline any, opts ...options.Lister[options.AggregateOptions]) (*Cursor, error) {
	return nil, nil
}

func (coll *Collection) CountDocuments(ctx context.Context, filter any, opts ...options.Lister[options.CountOptions]) (int64, error) {
	return 0, nil
}

func (coll *Collection) Distinct(ctx context.Context, fieldName string, filter any, opts ...options.Lister[options.DistinctOptions]) *DistinctResult {
	return nil
}

func (coll *Collection) Find(ctx context.Context, filter any, opts ...options.Lister[options.FindOptions]) (*Cursor, error) {
	return nil, nil
}

func (coll *Collection) FindOne(ctx context.Context, filter any, opts ...options.Lister[options.FindOneOptions]) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndDelete(ctx context.Context, filter any, opts ...options.Lister[options.FindOneAndDeleteOptions]) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndReplace(ctx context.Context, filter any, replacement any, opts ...options.Lister[options.FindOneAndReplaceOptions]) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndUpdate(ctx context.Context, filter any, update any, opts ...options.Lister[options.FindOneAndUpdateOptions]) *SingleResult {
	return nil
}

func (coll *Collection) Drop(ctx context.Context, opts ...options.Lister[options.DropCollectionOptions]) error {
	return nil
}

func (c *Cursor) ID() int64 {
	return 0
}

func (c *Cursor) Next(ctx context.Context) bool {
	return false
}

func (c *Cursor) TryNext(ctx context.Context) bool {
	return false
}

func (c *Cursor) Decode(val any) error {
	return nil
}

func (c *Cursor) Err() error {
	return nil
}

func (c *Cursor) Close(ctx context.Context) error {
	return nil
}

func (c *Cursor) All(ctx context.Context, results any) error {
	return nil
}

func (c *Cursor) RemainingBatchLength() int {
	return 0
}

func (db *Database) Client() *Client {
	return nil
}

func (db *Database) Name() string {
	return ""
}

func (db *Database) Collection(name string, opts ...options.Lister[options.CollectionOptions]) *Collection {
	return nil
}

var ErrClientDisconnected = errors.New("client is disconnected")

var ErrNilDocument error = InvalidArgumentError{errors.New("document is nil")}

func IsDuplicateKeyError(err error) bool {
	return false
}

func IsTimeout(err error) bool {
	return false
}

func IsNetworkError(err error) bool {
	return false
}

type LabeledError interface {
	error
	HasErrorLabel(string) bool
}

type ServerError interface {
	LabeledError
	HasErrorCode(int) bool
	HasErrorMessage(string) bool
	HasErrorCodeWithMessage(int, string) bool
	ErrorCodes() []int
	serverError()
}

type CommandError struct {
	Code           int32
	Message        string
	Labels         []string
	Name           string
	Wrapped        error
	Raw            bson.Raw
	wrappedMsgOnly bool
}

func (e CommandError) Error() string {
	return ""
}

func (e CommandError) Unwrap() error {
	return nil
}

func (e CommandError) HasErrorCode(code int) bool {
	return false
}

func (e CommandError) ErrorCodes() []int {
	return nil
}

func (e CommandError) HasErrorLabel(label string) bool {
	return false
}

func (e CommandError) HasErrorMessage(message string) bool {
	return false
}

func (e CommandError) HasErrorCodeWithMessage(code int, message string) bool {
	return false
}

func (e CommandError) IsMaxTimeMSExpiredError() bool {
	return false
}

type WriteError struct {
	Index   int
	Code    int
	Message string
	Details bson.Raw
	Raw     bson.Raw
}

func (we WriteError) Error() string {
	return ""
}

func (we WriteError) HasErrorCode(code int) bool {
	return false
}

func (we WriteError) ErrorCodes() []int {
	return nil
}

func (we WriteError) HasErrorLabel(string) bool {
	return false
}

func (we WriteError) HasErrorMessage(message string) bool {
	return false
}

func (we WriteError) HasErrorCodeWithMessage(code int, message string) bool {
	return false
}

type WriteErrors []WriteError

func (we WriteErrors) Error() string {
	return ""
}

type WriteConcernError struct {
	Name    string
	Code    int
	Message string
	Details bson.Raw
	Raw     bson.Raw
}

func (wce WriteConcernError) Error() string {
	return ""
}

func (wce WriteConcernError) IsMaxTimeMSExpiredError() bool {
	return false
}

type WriteException struct {
	WriteConcernError *WriteConcernError
	WriteErrors       WriteErrors
	Labels            []string
	Raw               bson.Raw
}

func (mwe WriteException) Error() string {
	return ""
}

func (mwe WriteException) HasErrorCode(code int) bool {
	return false
}

func (mwe WriteException) ErrorCodes() []int {
	return nil
}

func (mwe WriteException) HasErrorLabel(label string) bool {
	return false
}

func (mwe WriteException) HasErrorMessage(message string) bool {
	return false
}

func (mwe WriteException) HasErrorCodeWithMessage(code int, message string) bool {
	return false
}

type BulkWriteError struct {
	WriteError
	Request WriteModel
}

func (bwe BulkWriteError) Error() string {
	return ""
}

type BulkWriteException struct {
	WriteConcernError *WriteConcernError
	WriteErrors       []BulkWriteError
	Labels            []string
}

func (bwe BulkWriteException) Error() string {
	return ""
}

func (bwe BulkWriteException) HasErrorCode(code int) bool {
	return false
}

func (bwe BulkWriteException) ErrorCodes() []int {
	return nil
}

func (bwe BulkWriteException) HasErrorLabel(label string) bool {
	return false
}

func (bwe BulkWriteException) HasErrorMessage(message string) bool {
	return false
}

func (bwe BulkWriteException) HasErrorCodeWithMessage(code int, message string) bool {
	return false
}

type Pipeline []bson.D

type BulkWriteResult struct {
	InsertedCount int64
	MatchedCount  int64
	ModifiedCount int64
	DeletedCount  int64
	UpsertedCount int64
	UpsertedIDs   map[int64]any
	Acknowledged  bool
}

type InsertOneResult struct {
	InsertedID   any
	Acknowledged bool
}

type InsertManyResult struct {
	InsertedIDs  []any
	Acknowledged bool
}

type DeleteResult struct {
	DeletedCount int64
	Acknowledged bool
}

type UpdateResult struct {
	MatchedCount  int64
	ModifiedCount int64
	UpsertedCount int64
	UpsertedID    any
	Acknowledged  bool
}

type DistinctResult struct {
	err      error
	arr      bson.RawArray
	reg      *bson.Registry
	bsonOpts *options.BSONOptions
}

func (dr *DistinctResult) Decode(v any) error {
	return nil
}

func (dr *DistinctResult) Err() error {
	return nil
}

func (dr *DistinctResult) Raw() (bson.RawArray, error) {
	var r0 bson.RawArray
	return r0, nil
}

func NewSessionContext(parent context.Context, sess *Session) context.Context {
	var r0 context.Context
	return r0
}

func SessionFromContext(ctx context.Context) *Session {
	return nil
}

func (s *Session) ID() bson.Raw {
	var r0 bson.Raw
	return r0
}

func (s *Session) EndSession(ctx context.Context) {
}

func (s *Session) WithTransaction(ctx context.Context, fn func(ctx context.Context) (any, error), opts ...options.Lister[options.TransactionOptions]) (any, error) {
	return nil, nil
}

func (s *Session) StartTransaction(opts ...options.Lister[options.TransactionOptions]) error {
	return nil
}

func (s *Session) AbortTransaction(ctx context.Context) error {
	return nil
}

func (s *Session) CommitTransaction(ctx context.Context) error {
	return nil
}

func (s *Session) ClusterTime() bson.Raw {
	var r0 bson.Raw
	return r0
}

func (s *Session) OperationTime() *bson.Timestamp {
	return nil
}

func (s *Session) Client() *Client {
	return nil
}

var ErrNoDocuments = errors.New("mongo: no documents in result")

func (sr *SingleResult) Decode(v any) error {
	return nil
}

func (sr *SingleResult) Raw() (bson.Raw, error) {
	var r0 bson.Raw
	return r0, nil
}

func (sr *SingleResult) Err() error {
	return nil
}

// ---- struct types (unexported fields reduced) ----

type Client struct {
	id          [16]byte
	retryWrites bool
	retryReads  bool
}

type Database struct {
	client *Client
	name   string
}

type Collection struct {
	client *Client
	db     *Database
	name   string
}

type Cursor struct {
	Current bson.Raw

	err error
}

type SingleResult struct {
	ctx context.Context
	err error
	cur *Cursor
	rdr bson.Raw
}

type Session struct {
	client              *Client
	didCommitAfterStart bool
}

type sessionKey struct{}

type InvalidArgumentError struct {
	wrapped error
}

func (e InvalidArgumentError) Error() string { return e.wrapped.Error() }

func (e InvalidArgumentError) Unwrap() error { return e.wrapped }
