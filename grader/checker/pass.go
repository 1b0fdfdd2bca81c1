package checker

import (
	"context"
	"strings"

	"github.com/cs540-tools/autograder/sandbox"
)

// nextPass is the feedback file in which a multi-pass checker writes the
// next pass's input.
const nextPass = "nextpass.in"

// passKey keys a pass's state in a context.
type passKey struct{}

// passState is what a pass of a multi-pass case gives its checker's box,
// and what the box left: the pass's input (the checker's testcase.in),
// the feedback files of the pass before, the files collected.
type passState struct {
	input []byte
	kept  []sandbox.File
	files []sandbox.File
}

// passOf is the context's pass, nil outside a multi-pass case.
func passOf(ctx context.Context) *passState {
	st, _ := ctx.Value(passKey{}).(*passState)
	return st
}

// ready puts the pass into the checker's box: its input as testcase.in,
// the feedback files kept, and every feedback file collected afterwards.
func (st *passState) ready(spec *sandbox.Spec) {
	if st == nil {
		return
	}
	for i, f := range spec.Files {
		if f.Name == inputFile {
			spec.Files[i].Data = st.input
		}
	}
	spec.Files = append(spec.Files, st.kept...)
	spec.Collect = append(spec.Collect, feedbackDir+"*")
}

// done keeps the files the checker's box left.
func (st *passState) done(res sandbox.Result) {
	if st != nil {
		st.files = res.Files
	}
}

// next is the next pass's input, when the checker wrote one.
func (st *passState) next() ([]byte, bool) {
	for _, f := range st.files {
		if f.Name == feedbackDir+nextPass {
			return f.Data, true
		}
	}
	return nil, false
}

// feedback is what the checker left in its feedback folder for the next
// pass: every file but nextpass.in (and the box's own .keep).
func (st *passState) feedback() []sandbox.File {
	var out []sandbox.File
	for _, f := range st.files {
		if strings.HasPrefix(f.Name, feedbackDir) && f.Name != feedbackDir+nextPass && f.Name != feedbackDir+".keep" {
			out = append(out, f)
		}
	}
	return out
}
