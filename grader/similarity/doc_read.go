package similarity

import (
	"fmt"
	"slices"
	"strings"

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
	// Problem says why the submission is not compared (it could not be
	// read, has no source file of a known language, or too few tokens).
	Problem string

	kinds  []uint32 // every token's kind, the files one after another
	file   []int32  // the file of each token
	offset []int32  // the token's index in its file
	hashes []uint64 // the k-gram starting at each token; 0: none (it crosses a file's end or is base)
	base   []bool   // the token is in a k-gram of the base code
	fps    []uint64 // the winnowed fingerprints, sorted, unique
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
		d.add(File{Name: f.Name, Lang: lang, Data: f.Data, Tokens: Tokens(lang, f.Data)})
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
	fi := int32(len(d.Files))
	d.Files = append(d.Files, f)
	for i, t := range f.Tokens {
		d.kinds = append(d.kinds, t.Kind)
		d.file = append(d.file, fi)
		d.offset = append(d.offset, int32(i))
	}
}

// Tokens is the number of tokens the document has in all.
func (d *Doc) Tokens() int { return len(d.kinds) }

// Own is the number of its tokens not in the base code.
func (d *Doc) Own() int { return d.own }

// token is the i-th token of the stream.
func (d *Doc) token(i int) (File, Token) {
	f := d.Files[d.file[i]]
	return f, f.Tokens[d.offset[i]]
}

// sortFiles orders a document's files by name (a submission's are).
func sortFiles(fs []File) {
	slices.SortFunc(fs, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
}
