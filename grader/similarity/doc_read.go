package similarity

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
)

// File is one source file of a document and its tokens.
type File struct {
	Name   string
	Lang   Lang
	Data   []byte
	Tokens []Token
}

// Doc is one submission read for comparison: its source files' tokens,
// one stream (File and Offset say where each token is), with what the
// comparison made of it.
type Doc struct {
	ID     string
	Source string // the path it was read from
	Corpus bool   // from an --against corpus: compared with the batch only
	Files  []File
	// Section and Submitted are the student's section and when the
	// submission was handed in, where the caller knows them (a learning
	// system's records): the page shows them, and who handed in first.
	Section   string
	Submitted time.Time
	// Problem says why the submission is not compared (it could not be
	// read, has no source file of a known language, or too few tokens).
	Problem string

	kinds  []uint32 // every token's kind, the files one after another
	starts []int    // where each file's tokens start in kinds
	// hashes are the k-grams starting at each token (0: none, where they
	// cross a file's end or are base code), while they are needed.
	hashes []uint64
	base   []bool   // the token is in a k-gram of the base code
	fps    []uint64 // the winnowed fingerprints, sorted, unique; after index, those it shares
	total  float64  // the weight of its fingerprints (index)
	own    int      // tokens not in base code
}

// Read makes a submission a document: its files of a known language,
// tokenised; a submission the batch could not read, or with no such
// file, keeps a Problem saying so.
func Read(sub submission.Submission, corpus bool) *Doc {
	d := &Doc{ID: sub.ID, Source: sub.Source, Corpus: corpus, Problem: sub.Problem}
	var skipped []string
	for _, f := range sub.Files {
		lang := LangOf(f.Name)
		if lang == None {
			skipped = append(skipped, f.Name)
			continue
		}
		d.add(File{Name: f.Name, Lang: lang, Data: f.Data, Tokens: readTokens(lang, f.Data)})
		d.Files[len(d.Files)-1].Tokens = nil // read again if shown (token): a batch's would fill memory
	}
	if d.Problem == "" && len(d.Files) == 0 {
		d.Problem = "no C, C++, Java or Python source file"
		if len(skipped) > 0 {
			d.Problem += fmt.Sprintf(" (only %s)", strings.Join(skipped[:min(3, len(skipped))], ", "))
		}
	}
	return d
}

// add appends a file and its tokens to the document's stream.
func (d *Doc) add(f File) {
	d.Files = append(d.Files, f)
	d.starts = append(d.starts, len(d.kinds))
	for _, t := range f.Tokens {
		d.kinds = append(d.kinds, t.Kind)
	}
}

// fileOf is the file of the stream's token i.
func (d *Doc) fileOf(i int) int {
	f, found := slices.BinarySearch(d.starts, i)
	if !found {
		f--
	}
	for f+1 < len(d.starts) && d.starts[f+1] == i { // skip empty files
		f++
	}
	return f
}

// Tokens is the number of tokens the document has in all.
func (d *Doc) Tokens() int { return len(d.kinds) }

// Own is the number of its tokens not in the base code.
func (d *Doc) Own() int { return d.own }

// token is the i-th token of the stream, its file read again the first
// time.
func (d *Doc) token(i int) (File, Token) {
	fi := d.fileOf(i)
	f := &d.Files[fi]
	if f.Tokens == nil {
		f.Tokens = readTokens(f.Lang, f.Data)
	}
	return *f, f.Tokens[i-d.starts[fi]]
}
