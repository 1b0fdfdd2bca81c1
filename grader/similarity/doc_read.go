package similarity

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// File is one source file of a document and its tokens.
type File struct {
	Name   string
	Lang   *toolchain.Toolchain // whose lexer reads it (LangOf)
	Data   []byte
	Tokens []Token
	count  int // the tokens of it lexed (within the budget), before canon
}

// The budget of a submission: the most tokens compared (a long program
// has some thousands) and the most bytes of a file read (an unbuilt
// table of megabytes is cut); what is left out is noted. A batch
// compares at most MaxBatchTokens in all (see Budget).
const (
	MaxTokens      = 100_000
	MaxFileBytes   = 4 << 20
	MaxBatchTokens = 20_000_000
	minTokens      = 10_000
)

// Budget is the most tokens of each of n submissions compared:
// MaxTokens, or less in a batch so large that n of them would pass
// MaxBatchTokens, but never less than 10,000 (a long program's).
func Budget(n int) int {
	return max(minTokens, min(MaxTokens, MaxBatchTokens/max(n, 1)))
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
	// Notes say what a reader should know of how it was read: a file
	// decoded as its coding line says, or not, and what the budget cut.
	Notes []string

	kinds  []uint32 // every token's kind, the files one after another
	starts []int    // where each file's tokens start in kinds
	// hashes are the k-grams starting at each token (0: none, where they
	// cross a file's end or are base code), while they are needed.
	hashes []uint64
	base   []bool   // the token is in a k-gram of the base code
	fps    []uint64 // the winnowed fingerprints, sorted, unique; after index, those it shares
	total  float64  // the weight of its fingerprints (index)
	own    int      // tokens not in base code
	budget int      // the most tokens lexed
	lexed  int      // the tokens lexed so far (canon leaves kinds fewer)
}

// Read makes a submission a document: its files of a known language,
// tokenised as their compilers read them, within the budget (MaxTokens,
// MaxFileBytes); a submission the batch could not read, or with no such
// file, keeps a Problem saying so.
func Read(sub submission.Submission, corpus bool) *Doc {
	return ReadWithin(sub, corpus, MaxTokens)
}

// ReadWithin is Read with a budget of tokens (see Budget).
func ReadWithin(sub submission.Submission, corpus bool, budget int) *Doc {
	d := &Doc{ID: sub.ID, Source: sub.Source, Corpus: corpus, Problem: sub.Problem, budget: budget}
	var skipped []string
	for _, f := range sub.Files {
		lang := LangOf(f.Name)
		if lang == nil {
			skipped = append(skipped, f.Name)
			continue
		}
		d.read(File{Name: f.Name, Lang: lang, Data: f.Data})
	}
	if d.Problem == "" && len(d.Files) == 0 {
		d.Problem = "no " + Languages() + " source file"
		if len(skipped) > 0 {
			d.Problem += fmt.Sprintf(" (only %s)", strings.Join(skipped[:min(3, len(skipped))], ", "))
		}
	}
	return d
}

// read adds a file's tokens to the document within what is left of its
// budget, noting what the budget cuts and what the reading of the file
// says.
func (d *Doc) read(f File) {
	left := d.budget - d.lexed
	data := f.Data
	if len(data) > MaxFileBytes {
		data = data[:MaxFileBytes]
		d.Notes = append(d.Notes, fmt.Sprintf("%s: only its first %d MB compared", f.Name, MaxFileBytes>>20))
	}
	if left == 0 {
		d.add(f) // shown, not compared: the note is the first cut file's
		return
	}
	raw, s := tokens(f.Lang, data, left+1)
	if s.note != "" {
		d.Notes = append(d.Notes, f.Name+": "+s.note)
	}
	if len(raw) > left {
		raw = raw[:left]
		d.Notes = append(d.Notes, fmt.Sprintf("only the first %d tokens compared: the rest from %s line %d on is not", d.budget, f.Name, raw[left-1].Line))
	}
	f.Tokens, f.count = canon(f.Lang, raw), len(raw)
	d.lexed += len(raw)
	d.add(f)
	d.Files[len(d.Files)-1].Tokens = nil // read again if shown (token): a batch's would fill memory
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
		raw, _ := tokens(f.Lang, f.Data[:min(len(f.Data), MaxFileBytes)], f.count)
		f.Tokens = canon(f.Lang, raw)
	}
	return *f, f.Tokens[i-d.starts[fi]]
}
