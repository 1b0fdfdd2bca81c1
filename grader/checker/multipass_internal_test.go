package checker

import (
	"reflect"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// TestPassState: a pass's checker box gets the pass's input as its
// testcase.in and the feedback files of the pass before, and collects
// every feedback file; the next pass's input is nextpass.in, and what is
// kept for it is every other feedback file.
func TestPassState(t *testing.T) {
	st := &passState{input: []byte("2 10\n"), kept: []sandbox.File{{Name: feedbackDir + "count.txt", Data: []byte("1")}}}
	spec := sandbox.Spec{Files: []sandbox.File{{Name: "check.py"}, {Name: inputFile, Data: []byte("3 5\n")}, {Name: feedbackDir + ".keep"}}}
	st.ready(&spec)
	if got := string(spec.Files[1].Data); got != "2 10\n" {
		t.Errorf("testcase.in %q, want the pass's input", got)
	}
	if n := len(spec.Files); n != 4 || spec.Files[3].Name != feedbackDir+"count.txt" {
		t.Errorf("files %v: want the kept feedback file added", spec.Files)
	}
	if !reflect.DeepEqual(spec.Collect, []string{feedbackDir + "*"}) {
		t.Errorf("collect %q", spec.Collect)
	}
	if _, more := st.next(); more {
		t.Error("a next pass before the checker ran")
	}
	st.done(sandbox.Result{Files: []sandbox.File{
		{Name: feedbackDir + ".keep"}, {Name: feedbackDir + "count.txt", Data: []byte("2")},
		{Name: feedbackDir + judgeMessage, Data: []byte("pass 2\n")}, {Name: feedbackDir + nextPass, Data: []byte("1 20\n")},
	}})
	next, more := st.next()
	if !more || string(next) != "1 20\n" {
		t.Errorf("next %q %v, want nextpass.in's", next, more)
	}
	var kept []string
	for _, f := range st.feedback() {
		kept = append(kept, f.Name+"="+string(f.Data))
	}
	if want := []string{"feedback/count.txt=2", "feedback/judgemessage.txt=pass 2\n"}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
	var none *passState
	none.ready(&spec) // outside a multi-pass case: nothing to do
	none.done(sandbox.Result{})
}
