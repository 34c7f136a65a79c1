package sqlclass

import (
	"strconv"
	"testing"
)

// BenchmarkClassify/cold classifies a distinct text every iteration (parse
// + walk + cache insert); warm repeats one text (a cache hit);
// corpus-warm cycles through the test table's texts, all cached.
func BenchmarkClassify(b *testing.B) {
	b.Run("cold", func(b *testing.B) {
		resetCaches()
		base := "with ins as (insert into audit_log (msg) values ($1) returning id) " +
			"update accounts a set balance = a.balance + t.amount, audit_id = (select id from ins) " +
			"from transfers t where t.account_id = a.id and t.batch = "
		texts := make([]string, b.N)
		for i := range texts {
			texts[i] = base + strconv.Itoa(i) + " -- cold " + b.Name()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if len(Classify(texts[i])) != 2 {
				b.Fatal("unexpected result")
			}
		}
	})
	b.Run("cold-simple", func(b *testing.B) {
		resetCaches()
		texts := make([]string, b.N)
		for i := range texts {
			texts[i] = "insert into processed_jobs (job_id) values (" + strconv.Itoa(i) + ") on conflict do nothing -- " + b.Name()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if Classify(texts[i])[0].Op != Claim {
				b.Fatal("unexpected result")
			}
		}
	})
	b.Run("warm", func(b *testing.B) {
		resetCaches()
		const q = "update accounts set balance = balance + $1 where id = $2"
		Classify(q)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if Classify(q)[0].Op != UpdateIncrement {
				b.Fatal("unexpected result")
			}
		}
	})
	b.Run("corpus-warm", func(b *testing.B) {
		resetCaches()
		for _, c := range classifyCases {
			Classify(c.sql)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			Classify(classifyCases[i%len(classifyCases)].sql)
		}
	})
	resetCaches()
	b.Run("corpus-uncached", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			classifyText(classifyCases[i%len(classifyCases)].sql)
		}
	})
}
