package eightqueen_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/internal/javatest"
)

// diffCase is one command line run under one reading.
type diffCase struct {
	cmd     eightqueen.Command
	reading eightqueen.Reading
	want    string // the handout's output, for handout examples; else unused
	example bool
}

// javaTokens spells the reading as EightQueenDiff.java's stdin tokens.
func javaTokens(r eightqueen.Reading) string {
	t := []string{"steepest=all", "cutoff=silent", "cooling=after"}
	if r.NonRaising {
		t[0] = "steepest=nonraising"
	}
	if r.OptimumAtCutoff {
		t[1] = "cutoff=optimum"
	}
	if r.CoolBefore {
		t[2] = "cooling=before"
	}
	return strings.Join(t, " ")
}

// randomCommand draws a valid, repeatable command line of the given family
// (1 to 5: FLAG 100, 200, 3XX, 4XX, 5XX).
func randomCommand(rng *rand.Rand, family int) eightqueen.Command {
	var c eightqueen.Command
	c.Flag = family * 100
	if family >= 3 {
		c.Flag += rng.IntN(100)
	}
	for i := range c.Board {
		c.Board[i] = int8(rng.IntN(eightqueen.Size))
	}
	if c.TakesSeed() {
		for c.Seed = eightqueen.Unseeded; c.Seed == eightqueen.Unseeded; { // -1 is unrepeatable
			switch p := rng.IntN(95); {
			case p < 70:
				c.Seed = int64(int32(rng.Uint32())) // any int, negative too
			case p < 85:
				c.Seed = int64(rng.IntN(1000)) - 10
			default:
				c.Seed = []int64{math.MinInt32, math.MaxInt32, math.MinInt32 + 1, math.MaxInt32 - 1, 0}[rng.IntN(5)]
			}
		}
	}
	return c
}

// diffCases builds the differential test's cases, deterministically:
// random command lines of every family under random readings; command lines
// on which the readings disagree, under each reading that matters for them;
// and the handout's examples under every reading.
func diffCases(t *testing.T) []diffCase {
	t.Helper()
	rng := rand.New(rand.NewPCG(540, 4))
	readings := eightqueen.Readings()
	var cases []diffCase

	// 1. Random command lines: FLAG 100 and 200 less often, as they are simpler.
	weights := []int{0, 8, 17, 25, 25, 25}
	for i := 0; i < 2400; i++ {
		w := rng.IntN(100)
		family := 1
		for w >= weights[family] {
			w -= weights[family]
			family++
		}
		cases = append(cases, diffCase{cmd: randomCommand(rng, family), reading: readings[rng.IntN(len(readings))]})
	}

	// 2. Command lines where the readings part ways: the rare cases that tell
	// an implementation of one reading from another.
	for family := 2; family <= 5; family++ {
		found := 0
		for try := 0; found < 60 && try < 200_000; try++ {
			cmd := randomCommand(rng, family)
			if family == 2 {
				// Strict local minima are too rare among random boards (about
				// 1 in 85,000): take the board where a 399 run gets stuck
				// under the non-raising reading.
				cmd = randomCommand(rng, 3)
				cmd.Flag = 399
				b, ok := stuckBoard(cmd)
				if !ok {
					continue
				}
				cmd = eightqueen.Command{Flag: 200, Board: b}
			}
			if eightqueen.Agree(cmd, nil) {
				continue
			}
			found++
			for _, r := range eightqueen.ReadingsFor(cmd.Part()) {
				// Vary the points that do not matter for this part too.
				r2 := readings[rng.IntN(len(readings))]
				switch cmd.Part() {
				case eightqueen.PartSteepest, eightqueen.PartHill:
					r2.NonRaising = r.NonRaising
				case eightqueen.PartFirstChoice:
					r2.OptimumAtCutoff = r.OptimumAtCutoff
				case eightqueen.PartAnneal:
					r2.CoolBefore = r.CoolBefore
				}
				cases = append(cases, diffCase{cmd: cmd, reading: r2})
			}
		}
		if found < 60 {
			t.Fatalf("found only %d command lines of FLAG %d00 on which the readings disagree", found, family)
		}
	}

	// 3. The handout's examples, under every reading.
	for _, ex := range handoutExamples(t) {
		cmd, err := eightqueen.ParseArgs(ex.Args)
		if err != nil {
			t.Fatalf("handout example line %d: %v", ex.Line, err)
		}
		for _, r := range readings {
			cases = append(cases, diffCase{cmd: cmd, reading: r, want: ex.Output, example: true})
		}
	}
	return cases
}

// stuckBoard runs cmd (a 3XX line) under the non-raising reading and returns
// its last board when the run stopped early, stuck at a strict local minimum.
func stuckBoard(cmd eightqueen.Command) (eightqueen.Board, bool) {
	out := strings.TrimSuffix(string(eightqueen.Output(cmd, eightqueen.Options{Reading: eightqueen.Reading{NonRaising: true}})), "\n")
	lines := strings.Split(out, "\n")
	last := lines[len(lines)-1]
	if last == "Solved" || len(lines) > cmd.Cutoff() {
		return eightqueen.Board{}, false
	}
	_, rest, _ := strings.Cut(last, ":")
	board, _, _ := strings.Cut(rest, " ")
	b, err := eightqueen.ParseBoard(board)
	return b, err == nil
}

// checkCoverage fails unless every family appears and, for each family,
// both values of each point that concerns it are exercised.
func checkCoverage(t *testing.T, cases []diffCase) {
	t.Helper()
	type key struct {
		part  eightqueen.Part
		point string
		on    bool
	}
	seen := map[key]int{}
	parts := map[eightqueen.Part]int{}
	for _, c := range cases {
		if c.example {
			continue
		}
		p := c.cmd.Part()
		parts[p]++
		seen[key{p, "steepest", c.reading.NonRaising}]++
		seen[key{p, "cutoff", c.reading.OptimumAtCutoff}]++
		seen[key{p, "cooling", c.reading.CoolBefore}]++
	}
	for _, p := range []eightqueen.Part{eightqueen.PartCost, eightqueen.PartSteepest, eightqueen.PartHill, eightqueen.PartFirstChoice, eightqueen.PartAnneal} {
		if parts[p] < 100 {
			t.Errorf("only %d random command lines for part %s", parts[p], p)
		}
		for _, point := range []string{"steepest", "cutoff", "cooling"} {
			for _, on := range []bool{false, true} {
				if seen[key{p, point, on}] == 0 {
					t.Errorf("part %s: the %s point is never %v", p, point, on)
				}
			}
		}
	}
}

// parseFrames splits EightQueenDiff's output into one output per case.
func parseFrames(out []byte, n int) ([]string, error) {
	frames := make([]string, 0, n)
	rest := string(out)
	for i := 1; i <= n; i++ {
		head := "### case " + strconv.Itoa(i) + "\n"
		if !strings.HasPrefix(rest, head) {
			return frames, fmt.Errorf("case %d: output does not start with %q: %.80q", i, head, rest)
		}
		rest = rest[len(head):]
		end := strings.Index(rest, "### end\n")
		if end < 0 {
			return frames, fmt.Errorf("case %d: no end marker", i)
		}
		frames = append(frames, rest[:end])
		rest = rest[end+len("### end\n"):]
	}
	if rest != "" {
		return frames, fmt.Errorf("%d bytes after the last case: %.80q", len(rest), rest)
	}
	return frames, nil
}

// TestDifferentialJava runs an independent Java implementation
// (testdata/EightQueenDiff.java, using java.util.Random itself) on thousands
// of command lines in one JVM and compares its output with the reference's,
// byte for byte, under each reading.
func TestDifferentialJava(t *testing.T) {
	cases := diffCases(t)
	checkCoverage(t, cases)
	if t.Failed() {
		return
	}
	var in bytes.Buffer
	for _, c := range cases {
		fmt.Fprintf(&in, "%s %s\n", javaTokens(c.reading), c.cmd)
	}
	classDir := javatest.Compile(t, filepath.Join("testdata", "EightQueenDiff.java"))
	out := javatest.Run(t, classDir, "EightQueenDiff", &in)
	frames, err := parseFrames(out, len(cases))
	if err != nil {
		t.Fatalf("EightQueenDiff output: %v", err)
	}

	mismatches, disagreeing := 0, 0
	for i, c := range cases {
		got := string(eightqueen.Output(c.cmd, eightqueen.Options{Reading: c.reading}))
		if c.example && frames[i] != c.want {
			t.Errorf("EightQueenDiff does not reproduce the handout: %s (reading %s)\njava:\n%shandout:\n%s", c.cmd, c.reading, frames[i], c.want)
		}
		if got == frames[i] {
			continue
		}
		mismatches++
		if mismatches == 1 {
			t.Errorf("case %d: java EightQueen %s, reading %s (stdin line %q):\nGo reference:\n%sJava EightQueenDiff:\n%s",
				i+1, c.cmd, c.reading, javaTokens(c.reading)+" "+c.cmd.String(), got, frames[i])
		}
	}
	for _, c := range cases {
		if !c.example && !eightqueen.Agree(c.cmd, nil) {
			disagreeing++
		}
	}
	if mismatches > 0 {
		t.Errorf("%d of %d cases differ", mismatches, len(cases))
	}
	t.Logf("%d cases (%d on command lines where readings disagree) compared byte for byte", len(cases), disagreeing)
}
