package eightqueen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
)

func handoutExamples(t testing.TB) []eightqueen.Example {
	t.Helper()
	ex := eightqueen.HandoutExamples()
	if len(ex) != 24 {
		t.Fatalf("handout-examples.txt holds %d examples, want 24", len(ex))
	}
	return ex
}

// The committed copy must stay the spec's file when the spec is beside the repo.
func TestExamplesCopyMatchesSpec(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "spec", "handout-examples.txt"))
	if err != nil {
		t.Skipf("no ../shared beside the repository (%v): nothing to compare the copy with", err)
	}
	ours, err := os.ReadFile("handout-examples.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(spec, ours) {
		t.Fatal("handout-examples.txt differs from ../shared/spec/handout-examples.txt")
	}
}

// Every reading must reproduce every handout example: that is what makes it a reading.
func TestEveryReadingReproducesHandout(t *testing.T) {
	for _, r := range eightqueen.Readings() {
		for _, ex := range handoutExamples(t) {
			cmd, err := eightqueen.ParseArgs(ex.Args)
			if err != nil {
				t.Fatalf("line %d: %v", ex.Line, err)
			}
			got := string(eightqueen.Output(cmd, eightqueen.Options{Reading: r}))
			if got != ex.Output {
				t.Errorf("reading %s, %s:\ngot:\n%swant:\n%s", r, cmd, got, ex.Output)
			}
		}
	}
}

// The spec names two command lines on which the readings part ways.
func TestReadingsDisagreeWhereSpecSays(t *testing.T) {
	tests := []struct {
		args   []string
		reads  []string
		want   string
		agrees bool
	}{
		{[]string{"408", "12375643"}, nil, "0:12375643 14\n1:02375643 10\n2:00375643 8\n3:20375643 7\n4:20175643 5\n5:20135643 4\n6:27135643 3\n7:27135043 2\n8:27135040 1\n", false},
		{[]string{"408", "12375643"}, []string{"cutoff-optimum"}, "0:12375643 14\n1:02375643 10\n2:00375643 8\n3:20375643 7\n4:20175643 5\n5:20135643 4\n6:27135643 3\n7:27135043 2\n8:27135040 1\nLocal optimum\n", false},
		{[]string{"200", "70352164"}, []string{"steepest-nonraising"}, "", false},
		{[]string{"200", "13572064"}, nil, "", true},
		{[]string{"100", "01234567"}, nil, "28\n", true},
	}
	for _, tt := range tests {
		cmd, err := eightqueen.ParseArgs(tt.args)
		if err != nil {
			t.Fatal(err)
		}
		r, err := eightqueen.ParseReading(tt.reads)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(eightqueen.Output(cmd, eightqueen.Options{Reading: r})); got != tt.want {
			t.Errorf("%s under %s:\ngot:\n%swant:\n%s", cmd, r, got, tt.want)
		}
		if got := eightqueen.Agree(cmd, nil); got != tt.agrees {
			t.Errorf("Agree(%s) = %v, want %v", cmd, got, tt.agrees)
		}
	}
	// 200 70352164 under the default reading lists the uphill moves of a strict local minimum.
	cmd, _ := eightqueen.ParseArgs([]string{"200", "70352164"})
	out := string(eightqueen.Output(cmd, eightqueen.Options{}))
	if want := "70352162\n2\n"; len(out) < len(want) || out[len(out)-len(want):] != want {
		t.Errorf("200 70352164: got %q, want it to end in %q", out, want)
	}
}

func TestParseArgsRejects(t *testing.T) {
	tests := [][]string{
		{},
		{"100"},
		{"100", "0123456"},
		{"100", "012345678"},
		{"100", "01234568"},
		{"100", "0123456x"},
		{"abc", "01234567"},
		{"1OO", "01234567"},
		{"101", "01234567"},
		{"210", "01234567"},
		{"600", "01234567"},
		{"000", "01234567"},
		{"0305", "1", "01234567"},
		{"305", "01234567"},
		{"505", "01234567"},
		{"100", "1", "01234567"},
		{"405", "1", "01234567"},
		{"305", "1", "2", "01234567"},
		{"305", "x", "01234567"},
		{"305", "99999999999999999999", "01234567"},
		{"305", "2147483648", "01234567"}, // the handout's seed is a Java int
		{"505", "-2147483649", "01234567"},
		{"305", "4294967297", "01234567"},
		{"305", "1.5", "01234567"},
	}
	for _, args := range tests {
		if cmd, err := eightqueen.ParseArgs(args); err == nil {
			t.Errorf("ParseArgs(%q) = %v, want an error", args, cmd)
		}
	}
}

func TestCatalogueMistakesChangeTheirParts(t *testing.T) {
	for _, k := range eightqueen.Catalogue() {
		if k.Hint == "" || k.Summary == "" || len(k.Parts) == 0 {
			t.Errorf("%s: incomplete entry", k.Name)
		}
		if _, err := eightqueen.LookupMistake(k.Name); err != nil {
			t.Error(err)
		}
	}
}

// A hint says the behaviour first, then its usual causes; every simulated
// annealing mistake's hint names at least two causes, since an output that
// accepts every worse move cannot say which of them the program has.
func TestCatalogueHintsByBehaviour(t *testing.T) {
	sa := 0
	for _, k := range eightqueen.Catalogue() {
		b := k.Behaviour
		if b.Name == "" || b.Says == "" || b.Handout == "" {
			t.Errorf("%s: incomplete behaviour %+v", k.Name, b)
		}
		if !strings.HasPrefix(k.Hint, b.Says+" Usual causes: ") {
			t.Errorf("%s: the hint does not start with the behaviour and its causes:\n%s", k.Name, k.Hint)
		}
		for _, c := range b.Causes {
			if !strings.Contains(k.Hint, c) {
				t.Errorf("%s: the hint omits the cause %q", k.Name, c)
			}
		}
		if slices.Equal(k.Parts, []eightqueen.Part{eightqueen.PartAnneal}) {
			sa++
			if len(b.Causes) < 2 {
				t.Errorf("%s: a simulated annealing hint names %d causes, want at least 2", k.Name, len(b.Causes))
			}
		}
	}
	if sa < 9 {
		t.Errorf("%d simulated annealing mistakes in the catalogue, want at least 9", sa)
	}
	// The four ways to accept everything that real programs show each name
	// the same behaviour.
	for _, n := range []string{"sa-exp-sign", "sa-int-division", "sa-cool-minus-one", "sa-always-accept"} {
		k, err := eightqueen.LookupMistake(n)
		if err != nil {
			t.Fatal(err)
		}
		if k.Behaviour.Name != "sa-accepts-worse" {
			t.Errorf("%s: behaviour %s, want sa-accepts-worse", n, k.Behaviour.Name)
		}
	}
}

func benchmarkRun(b *testing.B, args ...string) {
	cmd, err := eightqueen.ParseArgs(args)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := eightqueen.Run(&buf, cmd, eightqueen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// 399 with seed 2 from 12375643 never solves under the default reading: it
// keeps making sideways and uphill moves, so all 99 expansions run.
func BenchmarkHill399(b *testing.B)   { benchmarkRun(b, "399", "2", "12375643") }
func BenchmarkAnneal599(b *testing.B) { benchmarkRun(b, "599", "7", "01234567") }
func BenchmarkFirst499(b *testing.B)  { benchmarkRun(b, "499", "01234567") }
func BenchmarkCost100(b *testing.B)   { benchmarkRun(b, "100", "01234567") }

// TestHandoutMarkdownExamples: the examples of the Eight Queens handout
// students read (handout.md, `autograder handout`) are what every
// reading prints.
func TestHandoutMarkdownExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "cases", "eightqueen", "handout.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		// The examples: indented lines from "$ java EightQueen ARGS" on.
		if rest, ok := strings.CutPrefix(line, "    $ java EightQueen "); ok {
			block.WriteString("$ " + rest + "\n")
		} else if rest, ok := strings.CutPrefix(line, "    "); ok && block.Len() > 0 {
			block.WriteString(rest + "\n")
		} else if block.Len() > 0 {
			break
		}
	}
	examples, err := eightqueen.ParseExamples(strings.NewReader(block.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) < 5 {
		t.Fatalf("handout.md shows %d examples, want one per part", len(examples))
	}
	for _, r := range eightqueen.Readings() {
		for _, ex := range examples {
			cmd, err := eightqueen.ParseArgs(ex.Args)
			if err != nil {
				t.Fatalf("handout.md example %d: %v", ex.Line, err)
			}
			if got := string(eightqueen.Output(cmd, eightqueen.Options{Reading: r})); got != ex.Output {
				t.Errorf("handout.md: reading %s, %s:\ngot:\n%swant:\n%s", r, cmd, got, ex.Output)
			}
		}
	}
}
