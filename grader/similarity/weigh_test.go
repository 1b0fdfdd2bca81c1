package similarity_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/similarity"
)

// TestCommonCodeWeighsLess: in a class where most submissions share a
// block (what the task makes everyone write), two who share a block of
// their own rank above those who share the common one, and two copies
// score 100% whatever else the batch holds.
func TestCommonCodeWeighsLess(t *testing.T) {
	common := "static int sum(int[] a) { int s = 0; for (int x : a) { s += x; } return s; }\n"
	var docs []*similarity.Doc
	for i := range 12 {
		src := "class A {\n"
		if i < 8 {
			src += common
		}
		src += fmt.Sprintf("static void m%d() { %s }\n}\n", i, strings.Repeat(fmt.Sprintf("f(%d, g(x[%d]) * %d);", i, i, i), i%5+1))
		if i >= 10 { // the pair: a block nobody else has
			src = strings.Replace(src, "class A {", "class A { static String p(String s) { return s.trim().toLowerCase().replace('a', 'b') + s.length(); }", 1)
		}
		docs = append(docs, doc(fmt.Sprintf("s%02d", i), "A.java", src))
	}
	docs = append(docs, doc("copy", "A.java", "class B { static int q(int y) { while (y > 0) { y = y / 3 - h(y % 7); } return y; } }"),
		doc("copy2", "A.java", "class C { static int r(int z) { while (z > 0) { z = z / 3 - h(z % 7); } return z; } }"))
	r := similarity.Compare(docs, similarity.Options{Show: -1})
	if got := pairScore(r, "copy", "copy2"); got != 1 {
		t.Errorf("two copies score %.3f, want 1", got)
	}
	own := pairScore(r, "s10", "s11")
	for _, p := range r.Pairs {
		a, b := r.Docs[p.A].ID, r.Docs[p.B].ID
		if strings.HasPrefix(a, "s0") && a < "s08" && strings.HasPrefix(b, "s0") && b < "s08" && p.Score() >= own {
			t.Errorf("%s and %s, who share the common block, score %.3f; s10 and s11, who share a block of their own, %.3f", a, b, p.Score(), own)
		}
	}
}

func pairScore(r *similarity.Result, a, b string) float64 {
	for _, p := range r.Pairs {
		if r.Docs[p.A].ID == a && r.Docs[p.B].ID == b {
			return p.Score()
		}
	}
	return 0
}

// TestSameOnAnyJobs: the page and the CSV are byte for byte the same on
// one goroutine and on several.
func TestSameOnAnyJobs(t *testing.T) {
	ref := reference(t)
	batch := func() []*similarity.Doc {
		var docs []*similarity.Doc
		for i, f := range []func(string) string{rename, recomment, deadCode, reorder, loops, rename, reorder} {
			docs = append(docs, doc(fmt.Sprintf("s%d", i), "EightQueen.java", f(ref)))
		}
		for i := range 6 {
			docs = append(docs, doc(fmt.Sprintf("own%d", i), "A.java", fmt.Sprintf("class A { int f%d(int x) { return x * %d + g(x, %d); } }", i, i, i)))
		}
		return docs
	}
	var pages, csvs []string
	for _, jobs := range []int{1, 4} {
		r := similarity.Compare(batch(), similarity.Options{Jobs: jobs})
		page, err := r.HTML("t", 100)
		if err != nil {
			t.Fatal(err)
		}
		pages, csvs = append(pages, string(page)), append(csvs, string(r.CSV(100)))
	}
	if pages[0] != pages[1] || csvs[0] != csvs[1] {
		t.Error("one goroutine and four write different reports")
	}
}
