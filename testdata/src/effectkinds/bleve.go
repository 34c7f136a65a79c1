package effectkinds

import "github.com/blevesearch/bleve/v2"

// A full-text index replaces a document by its ID (dendrite's
// internal/fulltext): indexing again is a set, a batch is built in memory.

type doc struct{ Body string }

func indexAll(idx bleve.Index, ids []string) error { // want indexAll:`^effects: kv_write/set bleve index @p0$`
	b := idx.NewBatch()
	for _, id := range ids {
		if err := b.Index(id, doc{Body: id}); err != nil {
			return err
		}
	}
	return idx.Batch(b)
}

func reindexOne(idx bleve.Index, id string) error { // want reindexOne:`^effects: kv_write/set bleve index @p0; kv_write/delete bleve index @p0$`
	if err := idx.Index(id, doc{Body: id}); err != nil {
		return err
	}
	return idx.Delete(id + "-old")
}

// The offline Builder indexes a document only once: not a set, unknown.
func buildIndex(b bleve.Builder, id string) error { // want buildIndex:`^effects: dynamic_call/call \(bleve.Builder\).Index`
	return b.Index(id, doc{Body: id})
}
