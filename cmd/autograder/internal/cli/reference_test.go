package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// Every handout example, byte for byte, through the command line.
func TestReferenceCommandReproducesHandout(t *testing.T) {
	examples := eightqueen.HandoutExamples()
	if len(examples) != 24 {
		t.Fatalf("%d examples, want 24", len(examples))
	}
	for _, ex := range examples {
		t.Run(strings.Join(ex.Args, "_"), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"autograder", "reference"}, ex.Args...)
			code := Main(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
			if code != ExitOK || stderr.Len() != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			if got := stdout.String(); got != ex.Output {
				t.Fatalf("got:\n%swant:\n%s", got, ex.Output)
			}
		})
	}
}

func TestReferenceCommandBadInputExit2(t *testing.T) {
	for _, args := range [][]string{{"601", "01234567"}, {"305", "01234567"}, {"100", "9"}, {}} {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), append([]string{"autograder", "reference"}, args...), nil, &stdout, &stderr)
		if code != ExitBadInput {
			t.Errorf("%q: exit %d, want %d", args, code, ExitBadInput)
		}
		if n := strings.Count(stderr.String(), "\n"); n != 1 || stdout.Len() != 0 {
			t.Errorf("%q: want one line on stderr and nothing on stdout, got %q / %q", args, stderr.String(), stdout.String())
		}
	}
}
