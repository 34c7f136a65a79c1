// Stub of go.mongodb.org/mongo-driver@v1.17.10 for analysistest: declarations mirror the real API (subset); bodies are empty.

package mongo

import (
	"context"
	"errors"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"
)

type WriteModel interface{ writeModel() }

type InsertOneModel struct{ Document interface{} }

func NewInsertOneModel() *InsertOneModel {
	return nil
}

func (iom *InsertOneModel) SetDocument(doc interface{}) *InsertOneModel {
	return iom
}

func (*InsertOneModel) writeModel() {
}

type DeleteOneModel struct {
	Filter    interface{}
	Collation *options.Collation
	Hint      interface{}
}

func NewDeleteOneModel() *DeleteOneModel {
	return nil
}

func (dom *DeleteOneModel) SetFilter(filter interface{}) *DeleteOneModel {
	return dom
}

func (dom *DeleteOneModel) SetCollation(collation *options.Collation) *DeleteOneModel {
	return dom
}

func (dom *DeleteOneModel) SetHint(hint interface{}) *DeleteOneModel {
	return dom
}

func (*DeleteOneModel) writeModel() {
}

type DeleteManyModel struct {
	Filter    interface{}
	Collation *options.Collation
	Hint      interface{}
}

func NewDeleteManyModel() *DeleteManyModel {
	return nil
}

func (dmm *DeleteManyModel) SetFilter(filter interface{}) *DeleteManyModel {
	return dmm
}

func (dmm *DeleteManyModel) SetCollation(collation *options.Collation) *DeleteManyModel {
	return dmm
}

func (dmm *DeleteManyModel) SetHint(hint interface{}) *DeleteManyModel {
	return dmm
}

func (*DeleteManyModel) writeModel() {
}

type ReplaceOneModel struct {
	Collation   *options.Collation
	Upsert      *bool
	Filter      interface{}
	Replacement interface{}
	Hint        interface{}
}

func NewReplaceOneModel() *ReplaceOneModel {
	return nil
}

func (rom *ReplaceOneModel) SetHint(hint interface{}) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetFilter(filter interface{}) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetReplacement(rep interface{}) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetCollation(collation *options.Collation) *ReplaceOneModel {
	return rom
}

func (rom *ReplaceOneModel) SetUpsert(upsert bool) *ReplaceOneModel {
	return rom
}

func (*ReplaceOneModel) writeModel() {
}

type UpdateOneModel struct {
	Collation    *options.Collation
	Upsert       *bool
	Filter       interface{}
	Update       interface{}
	ArrayFilters *options.ArrayFilters
	Hint         interface{}
}

func NewUpdateOneModel() *UpdateOneModel {
	return nil
}

func (uom *UpdateOneModel) SetHint(hint interface{}) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetFilter(filter interface{}) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetUpdate(update interface{}) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetArrayFilters(filters options.ArrayFilters) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetCollation(collation *options.Collation) *UpdateOneModel {
	return uom
}

func (uom *UpdateOneModel) SetUpsert(upsert bool) *UpdateOneModel {
	return uom
}

func (*UpdateOneModel) writeModel() {
}

type UpdateManyModel struct {
	Collation    *options.Collation
	Upsert       *bool
	Filter       interface{}
	Update       interface{}
	ArrayFilters *options.ArrayFilters
	Hint         interface{}
}

func NewUpdateManyModel() *UpdateManyModel {
	return nil
}

func (umm *UpdateManyModel) SetHint(hint interface{}) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetFilter(filter interface{}) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetUpdate(update interface{}) *UpdateManyModel {
	return umm
}

func (umm *UpdateManyModel) SetArrayFilters(filters options.ArrayFilters) *UpdateManyModel {
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

func Connect(ctx context.Context, opts ...*options.ClientOptions) (*Client, error) {
	return nil, nil
}

func NewClient(opts ...*options.ClientOptions) (*Client, error) {
	return nil, nil
}

func (c *Client) Connect(ctx context.Context) error {
	return nil
}

func (c *Client) Disconnect(ctx context.Context) error {
	return nil
}

func (c *Client) StartSession(opts ...*options.SessionOptions) (Session, error) {
	var r0 Session
	return r0, nil
}

func (c *Client) Database(name string, opts ...*options.DatabaseOptions) *Database {
	return nil
}

func WithSession(ctx context.Context, sess Session, fn func(SessionContext) error) error {
	return nil
}

func (c *Client) UseSession(ctx context.Context, fn func(SessionContext) error) error {
	return nil
}

func (c *Client) UseSessionWithOptions(ctx context.Context, opts *options.SessionOptions, fn func(SessionContext) error) error {
	return nil
}

func (coll *Collection) Name() string {
	return ""
}

func (coll *Collection) Database() *Database {
	return nil
}

func (coll *Collection) BulkWrite(ctx context.Context, models []WriteModel, opts ...*options.BulkWriteOptions) (*BulkWriteResult, error) {
	return nil, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document interface{}, opts ...*options.InsertOneOptions) (*InsertOneResult, error) {
	return nil, nil
}

func (coll *Collection) InsertMany(ctx context.Context, documents []interface{}, opts ...*options.InsertManyOptions) (*InsertManyResult, error) {
	return nil, nil
}

func (coll *Collection) DeleteOne(ctx context.Context, filter interface{}, opts ...*options.DeleteOptions) (*DeleteResult, error) {
	return nil, nil
}

func (coll *Collection) DeleteMany(ctx context.Context, filter interface{}, opts ...*options.DeleteOptions) (*DeleteResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateByID(ctx context.Context, id interface{}, update interface{}, opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateOne(ctx context.Context, filter interface{}, update interface{}, opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateMany(ctx context.Context, filter interface{}, update interface{}, opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) ReplaceOne(ctx context.Context, filter interface{}, replacement interface{}, opts ...*options.ReplaceOptions) (*UpdateResult, error) {
	return nil, nil
}

func (coll *Collection) Aggregate(ctx context.Context, pipeline interface{}, opts ...*options.AggregateOptions) (*Cursor, error) {
	return nil, nil
}

func (coll *Collection) CountDocuments(ctx context.Context, filter interface{}, opts ...*options.CountOptions) (int64, error) {
	return 0, nil
}

func (coll *Collection) Distinct(ctx context.Context, fieldName string, filter interface{}, opts ...*options.DistinctOptions) ([]interface{}, error) {
	return nil, nil
}

func (coll *Collection) Find(ctx context.Context, filter interface{}, opts ...*options.FindOptions) (cur *Cursor, err error) {
	return
}

func (coll *Collection) FindOne(ctx context.Context, filter interface{}, opts ...*options.FindOneOptions) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndDelete(ctx context.Context, filter interface{}, opts ...*options.FindOneAndDeleteOptions) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndReplace(ctx context.Context, filter interface{}, replacement interface{}, opts ...*options.FindOneAndReplaceOptions) *SingleResult {
	return nil
}

func (coll *Collection) FindOneAndUpdate(ctx context.Context, filter interface{}, update interface{}, opts ...*options.FindOneAndUpdateOptions) *SingleResult {
	return nil
}

func (coll *Collection) Drop(ctx context.Context) error {
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

func (c *Cursor) Decode(val interface{}) error {
	return nil
}

func (c *Cursor) Err() error {
	return nil
}

func (c *Cursor) Close(ctx context.Context) error {
	return nil
}

func (c *Cursor) All(ctx context.Context, results interface{}) error {
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

func (db *Database) Collection(name string, opts ...*options.CollectionOptions) *Collection {
	return nil
}

var ErrClientDisconnected = errors.New("client is disconnected")

var ErrNilDocument = errors.New("document is nil")

func IsDuplicateKeyError(err error) bool {
	return false
}

func IsTimeout(err error) bool {
	return false
}

func IsNetworkError(err error) bool {
	return false
}

type ServerError interface {
	LabeledError
	HasErrorCode(int) bool
	HasErrorMessage(string) bool
	HasErrorCodeWithMessage(int, string) bool
	serverError()
}

type CommandError struct {
	Code    int32
	Message string
	Labels  []string
	Name    string
	Wrapped error
	Raw     bson.Raw
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
	UpsertedIDs   map[int64]interface{}
}

type InsertOneResult struct{ InsertedID interface{} }

type InsertManyResult struct{ InsertedIDs []interface{} }

type DeleteResult struct {
	DeletedCount int64 `bson:"n"`
}

type UpdateResult struct {
	MatchedCount  int64
	ModifiedCount int64
	UpsertedCount int64
	UpsertedID    interface{}
}

type SessionContext interface {
	context.Context
	Session
}

func NewSessionContext(ctx context.Context, sess Session) SessionContext {
	var r0 SessionContext
	return r0
}

func SessionFromContext(ctx context.Context) Session {
	var r0 Session
	return r0
}

var ErrNoDocuments = errors.New("mongo: no documents in result")

func (sr *SingleResult) Decode(v interface{}) error {
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

// Session is reduced: the real interface also has ClusterTime, OperationTime,
// ID, AdvanceClusterTime and AdvanceOperationTime (bson.Raw / primitive.Timestamp).
type Session interface {
	StartTransaction(...*options.TransactionOptions) error
	AbortTransaction(context.Context) error
	CommitTransaction(context.Context) error
	WithTransaction(ctx context.Context, fn func(ctx SessionContext) (interface{}, error),
		opts ...*options.TransactionOptions) (interface{}, error)
	EndSession(context.Context)
	Client() *Client

	session()
}

type sessionContext struct {
	context.Context
	Session
}

type sessionKey struct{}

type LabeledError interface {
	error
	HasErrorLabel(string) bool
}

type sessionImpl struct {
	client *Client
}

var _ Session = &sessionImpl{}

func (s *sessionImpl) EndSession(ctx context.Context) {}

func (s *sessionImpl) WithTransaction(ctx context.Context, fn func(ctx SessionContext) (interface{}, error),
	opts ...*options.TransactionOptions) (interface{}, error) {
	return nil, nil
}

func (s *sessionImpl) StartTransaction(opts ...*options.TransactionOptions) error { return nil }

func (s *sessionImpl) AbortTransaction(ctx context.Context) error { return nil }

func (s *sessionImpl) CommitTransaction(ctx context.Context) error { return nil }

func (s *sessionImpl) Client() *Client { return s.client }

func (*sessionImpl) session() {}
