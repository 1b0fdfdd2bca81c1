package similarity

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/submission"
)

// table is a Java class with an array initializer of n ones: 2n tokens
// of one repeated pattern.
func table(n int) []byte {
	return []byte("class T {\n    static int[] t = {" + strings.Repeat("1,", n) + "};\n}\n")
}

// TestMillionTokenTables: two submissions colluding on an array of a
// million ones (whose greedy tiling is quadratic) are read within the
// token budget, with a note, score as the copies they are, and their
// alignment stops at its bound of token comparisons.
func TestMillionTokenTables(t *testing.T) {
	var docs []*Doc
	for _, id := range []string{"a", "b"} {
		d := Read(submission.Submission{ID: id, Files: []submission.File{{Name: "T.java", Data: table(1_000_000)}}}, false)
		if d.Tokens() > MaxTokens {
			t.Errorf("%s: %d tokens read, budget %d", id, d.Tokens(), MaxTokens)
		}
		if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "T.java line 2") {
			t.Errorf("%s: notes %q, want one saying where the budget cut", id, d.Notes)
		}
		docs = append(docs, d)
	}
	r := Compare(docs, Options{Jobs: 1, Show: -1})
	if len(r.Pairs) != 1 || r.Pairs[0].Score() < 0.99 {
		t.Fatalf("pairs %+v, want the two tables at 100%%", r.Pairs)
	}
	ms, work := alignCounted(docs[0], docs[1], r.Settings.K)
	if bound := alignWork(docs[0], docs[1]); work > bound {
		t.Errorf("the alignment made %d token comparisons, bound %d", work, bound)
	}
	if len(ms) == 0 || ms[0].Tokens < MaxTokens/2 {
		t.Errorf("the longest match found is %v, want most of the table", ms[:min(1, len(ms))])
	}
	t.Logf("alignment: %d token comparisons (bound %d), longest match %d tokens", work, alignWork(docs[0], docs[1]), ms[0].Tokens)
}

// TestCompareCancelled: a cancelled comparison stops and says so
// through its context, aligning nothing more.
func TestCompareCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var docs []*Doc
	for _, id := range []string{"a", "b", "c"} {
		docs = append(docs, Read(submission.Submission{ID: id, Files: []submission.File{{Name: "T.java", Data: table(100)}}}, false))
	}
	r := Compare(docs, Options{Jobs: 2, Context: ctx})
	if r.Aligned != 0 || len(r.Pairs) != 0 {
		t.Errorf("a cancelled comparison aligned %d pairs of %d", r.Aligned, len(r.Pairs))
	}
}

// TestCompareCancelledMidway: a signal while the pairs are scored from
// the index stops the scoring at the next row.
func TestCompareCancelledMidway(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var docs []*Doc
	for i := range 12 {
		docs = append(docs, Read(submission.Submission{ID: fmt.Sprint(i), Files: []submission.File{{Name: "T.java", Data: table(100)}}}, false))
	}
	rows := 0
	r := Compare(docs, Options{Settings: Settings{K: 8, W: 4}, Jobs: 1, Context: ctx, Progress: func(done, total int) { rows++; cancel() }})
	if rows != 1 || len(r.Pairs) != len(docs)-1 || r.Aligned != 0 {
		t.Errorf("cancelled after the first row: %d rows scored, %d pairs, %d aligned; want 1, %d, 0", rows, len(r.Pairs), r.Aligned, len(docs)-1)
	}
}

// BenchmarkMillionTokenTables is TestMillionTokenTables's reading,
// comparison and alignment, for its time and memory.
func BenchmarkMillionTokenTables(b *testing.B) {
	data := table(1_000_000)
	for b.Loop() {
		docs := []*Doc{
			Read(submission.Submission{ID: "a", Files: []submission.File{{Name: "T.java", Data: data}}}, false),
			Read(submission.Submission{ID: "b", Files: []submission.File{{Name: "T.java", Data: data}}}, false),
		}
		Compare(docs, Options{Jobs: 1})
	}
}

// hostileSources are files of MaxFileBytes made to cost the most to
// read as their compilers do: every byte in an escape, a splice or a
// decoded run.
func hostileSources() map[string]File {
	fill := func(head, unit string) []byte {
		return []byte(head + strings.Repeat(unit, (MaxFileBytes-len(head))/len(unit)))
	}
	return map[string]File{
		"java-escapes":   {Name: "A.java", Lang: Java, Data: fill("", `\u0041`)},
		"java-many-u":    {Name: "A.java", Lang: Java, Data: fill("", `\uuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu0041 `)},
		"c-splices":      {Name: "a.c", Lang: C, Data: fill("", "\\\n")},
		"c-macro-bomb":   {Name: "a.c", Lang: C, Data: fill(macroBomb(40), "Z ")},
		"python-utf-7":   {Name: "a.py", Lang: Python, Data: fill("# coding: utf-7\n+", "2D3eAA")},
		"python-escapes": {Name: "a.py", Lang: Python, Data: fill("# coding: unicode_escape\n", `\U0001F600`)},
		"python-sjis":    {Name: "a.py", Lang: Python, Data: fill("# coding: shift_jis\n", "\x83\\")},
	}
}

// macroBomb defines n macros, each twice the one before: the last would
// be 2^n tokens.
func macroBomb(n int) string {
	var b strings.Builder
	b.WriteString("#define M0 x x\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "#define M%d M%d M%d\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "#define Z M%d\n", n-1)
	return b.String()
}

// BenchmarkHostileSources reads each of hostileSources as Read does:
// its time and the bytes it allocates (per byte of the file: B/op over
// MaxFileBytes).
func BenchmarkHostileSources(b *testing.B) {
	for name, f := range hostileSources() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Read(submission.Submission{ID: "x", Files: []submission.File{{Name: f.Name, Data: f.Data}}}, false)
			}
		})
	}
}

// TestHostileSources: a file made to cost the most to read is read
// within the budget, each token in the file.
func TestHostileSources(t *testing.T) {
	for name, f := range hostileSources() {
		d := Read(submission.Submission{ID: "x", Files: []submission.File{{Name: f.Name, Data: f.Data}}}, false)
		if d.Tokens() > MaxTokens {
			t.Errorf("%s: %d tokens", name, d.Tokens())
		}
		t.Logf("%s: %d tokens, notes %q", name, d.Tokens(), d.Notes)
	}
}

// TestBudget: a batch compares at most MaxBatchTokens in all, but each
// submission at least a long program's tokens.
func TestBudget(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{0, MaxTokens}, {1, MaxTokens}, {200, MaxTokens}, {1000, 20_000}, {5000, 10_000}, {1 << 30, 10_000}} {
		if got := Budget(tc.n); got != tc.want {
			t.Errorf("Budget(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	d := ReadWithin(submission.Submission{ID: "a", Files: []submission.File{{Name: "T.java", Data: table(10_000)}}}, false, 5000)
	// The budget counts the tokens lexed; their canonical form (canon)
	// drops a few (the class's braces).
	if d.Tokens() > 5000 || d.Tokens() < 4900 || len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "first 5000 tokens") {
		t.Errorf("%d tokens read within 5000, notes %q", d.Tokens(), d.Notes)
	}
}
