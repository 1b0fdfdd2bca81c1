package eightqueen_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

// unseeded draws a random command line of family 3 or 5 with seed -1.
func unseeded(r *rand.Rand, family int) eightqueen.Command {
	cmd := randomCommand(r, family)
	cmd.Seed = eightqueen.Unseeded
	return cmd
}

// Every correct unseeded run, whatever numbers it drew, obeys the rules.
func TestVerifyRunAcceptsCorrectRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(540, 1))
	for i := 0; i < 3000; i++ {
		family := []int{3, 5}[i%2]
		cmd := unseeded(r, family)
		for _, rd := range eightqueen.ReadingsFor(cmd.Part()) {
			out := eightqueen.Output(cmd, eightqueen.Options{Reading: rd, Unseeded: javarand.New(r.Int64())})
			if v := eightqueen.VerifyRun(cmd, out, nil); v != nil {
				t.Fatalf("%s under %s: %v\n%s", cmd, rd, v, out)
			}
		}
	}
}

// Wrong programs are caught on some run, with the line and rule named.
func TestVerifyRunRejectsMistakes(t *testing.T) {
	tests := []struct {
		mistake string
		family  int
		rule    string
	}{
		{"sa-nextint-8", 5, "move"},
		{"pairs-counted-twice", 3, "cost"},
		{"pairs-counted-twice", 5, "cost"},
		{"extra-iteration", 3, "stop"},
		{"missing-iteration", 5, "stop"},
		{"lowercase-solved", 3, "solved"},
		{"stay-put-successor", 3, "move"},
	}
	for _, tt := range tests {
		k, err := eightqueen.LookupMistake(tt.mistake)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, uint64(tt.family)))
		caught := 0
		for i := 0; i < 300; i++ {
			cmd := unseeded(r, tt.family)
			out := eightqueen.Output(cmd, eightqueen.Options{Mistakes: []eightqueen.Mistake{k}, Unseeded: javarand.New(r.Int64())})
			v := eightqueen.VerifyRun(cmd, out, nil)
			if v == nil {
				continue
			}
			if tt.rule != "" && v.Rule != tt.rule {
				continue
			}
			caught++
			if !strings.HasPrefix(v.Error(), fmt.Sprintf("line %d: ", v.Line)) {
				t.Errorf("%v does not name its line", v)
			}
		}
		if caught == 0 {
			t.Errorf("%s in %dXX: no run out of 300 broke rule %q", tt.mistake, tt.family, tt.rule)
		}
	}
}

// A move that is not steepest is named with the line and the steepest list.
func TestVerifyRunNamesTheBrokenRule(t *testing.T) {
	cmd, _ := eightqueen.ParseArgs([]string{"305", "-1", "12375643"})
	out := "0:12375643 14\n1:02375643 10\n2:12375643 14\n"
	v := eightqueen.VerifyRun(cmd, []byte(out), nil)
	if v == nil || v.Line != 3 || v.Rule != "move" || !strings.Contains(v.Msg, "not one of the steepest moves of 02375643") {
		t.Fatalf("got %v", v)
	}
	// CRLF and trailing spaces are forgiven, as the default comparison does.
	good := eightqueen.Output(cmd, eightqueen.Options{Unseeded: javarand.New(1)})
	crlf := strings.ReplaceAll(string(good), "\n", " \r\n")
	if v := eightqueen.VerifyRun(cmd, []byte(crlf), nil); v != nil {
		t.Fatalf("CRLF output: %v", v)
	}
}

// An empty output is said to be empty, not to end before line 0.
func TestVerifyRunEmptyOutput(t *testing.T) {
	for _, args := range [][]string{{"305", "-1", "12375643"}, {"550", "-1", "01234567"}} {
		cmd, _ := eightqueen.ParseArgs(args)
		for _, out := range []string{"", "\n\n", " \r\n"} {
			v := eightqueen.VerifyRun(cmd, []byte(out), nil)
			want := fmt.Sprintf("line 1: start: the program printed nothing; a run starts with its start board, 0:%s %d", args[2], cmd.Board.Cost())
			if v == nil || v.Error() != want {
				t.Errorf("%s, output %q: %v, want %s", args, out, v, want)
			}
		}
	}
}

func FuzzVerifyRun(f *testing.F) {
	f.Add("305", "12375643", "0:12375643 14\n1:02375643 10\n")
	f.Add("599", "01234567", "0:01234567 28\nSolved\n")
	f.Fuzz(func(t *testing.T, flag, board, out string) {
		cmd, err := eightqueen.ParseArgs([]string{flag, "-1", board})
		if err != nil {
			return
		}
		v := eightqueen.VerifyRun(cmd, []byte(out), nil)
		if v != nil && (v.Line < 1 || strings.Contains(v.Error(), "\n")) {
			t.Fatalf("bad violation %q", v.Error())
		}
	})
}
