package similarity_test

import (
	"html"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/similarity"
)

// TestLookalikeIDs: similarity.html and similarity.csv tell apart ids
// that pass for each other (a Cyrillic а, a right-to-left override):
// escaped and flagged; each one's closest other is found by its id as
// it is.
func TestLookalikeIDs(t *testing.T) {
	ref := reference(t)
	ids := []string{"alice", "\u0430lice", "alice\u202e"}
	var docs []*similarity.Doc
	for _, id := range ids {
		docs = append(docs, doc(id, "EightQueen.java", ref))
	}
	docs = append(docs, doc("\u0430lice\u202e", "EightQueen.java", "class X {"), doc("bob\u200b", "Q.java", testProgram(t, "knapsack.c")))
	r := similarity.Compare(docs, similarity.Options{Jobs: 1})
	page, err := r.HTML("test", 100)
	if err != nil {
		t.Fatal(err)
	}
	text := html.UnescapeString(string(page))
	csv := string(r.CSV(100))
	for _, want := range []string{"<U+0430>lice ⚠", "alice<U+202E> ⚠", "<U+0430>lice<U+202E> ⚠"} {
		if !strings.Contains(text, want) {
			t.Errorf("similarity.html does not show %q", want)
		}
		if !strings.Contains(csv, want) {
			t.Errorf("similarity.csv does not show %q", want)
		}
	}
	for _, bad := range []string{"\u0430", "\u202e", "\u200b"} {
		if strings.Contains(text, bad) || strings.Contains(csv, bad) {
			t.Errorf("a report shows %U as it is", []rune(bad)[0])
		}
	}
	closest := r.Closest()
	for _, id := range ids {
		if _, ok := closest[id]; !ok {
			t.Errorf("no closest other of %q", id)
		}
	}
}
