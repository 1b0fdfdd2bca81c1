package eightqueen_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

var (
	flagRE  = regexp.MustCompile(`^(100|200|[345][0-9][0-9])$`)
	seedRE  = regexp.MustCompile(`^[+-]?[0-9]+$`)
	boardRE = regexp.MustCompile(`^[0-7]{8}$`)
)

// validArgs is an oracle for ParseArgs written from the handout, not from the
// parser: FLAG 100, 200 or 3XX/4XX/5XX, a seed within Java's int range for 3XX and 5XX only,
// and a board of eight digits 0-7.
func validArgs(args []string) bool {
	if len(args) == 0 || !flagRE.MatchString(args[0]) {
		return false
	}
	want := 2
	if args[0][0] == '3' || args[0][0] == '5' {
		want = 3
	}
	if len(args) != want || !boardRE.MatchString(args[want-1]) {
		return false
	}
	if want == 3 {
		if !seedRE.MatchString(args[1]) {
			return false
		}
		n, ok := new(big.Int).SetString(args[1], 10)
		if !ok || !n.IsInt64() || n.Int64() != int64(int32(n.Int64())) {
			return false
		}
	}
	return true
}

func FuzzParseArgs(f *testing.F) {
	for _, ex := range handoutExamples(f) {
		a := append(slices.Clone(ex.Args), "", "", "", "")
		f.Add(uint8(len(ex.Args)), a[0], a[1], a[2], a[3])
	}
	for _, a := range [][]string{
		{}, {"100"}, {"300", "12375643"}, {"100", "1", "12375643"}, {"315", "1", "12375643", "x"},
		{"600", "12375643"}, {"101", "12375643"}, {"3OO", "1", "12375643"}, {"-100", "12375643"},
		{"100", "1237564"}, {"100", "123756438"}, {"100", "12375648"}, {"200", "1237564\n"},
		{"315", "+1", "12375643"}, {"315", "-0", "12375643"}, {"515", "007", "12375643"},
		{"315", "2147483648", "12375643"}, {"515", "-2147483649", "12375643"}, {"315", "2147483647", "12375643"},
		{"315", "9223372036854775808", "12375643"}, {"515", "-9223372036854775808", "12375643"},
		{"315", "1e3", "12375643"}, {"315", " 1", "12375643"}, {"100", "１２３７５６４３"},
	} {
		b := append(slices.Clone(a), "", "", "", "")
		f.Add(uint8(len(a)), b[0], b[1], b[2], b[3])
	}
	f.Fuzz(func(t *testing.T, n uint8, a0, a1, a2, a3 string) {
		args := []string{a0, a1, a2, a3}[:n%5]
		cmd, err := eightqueen.ParseArgs(args)
		valid := validArgs(args)
		if err != nil {
			if !errors.Is(err, eightqueen.ErrUsage) {
				t.Fatalf("ParseArgs(%q): error %q does not wrap ErrUsage", args, err)
			}
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\r\n") {
				t.Fatalf("ParseArgs(%q): error message %q is not one line", args, msg)
			}
			if valid {
				t.Fatalf("ParseArgs(%q) rejects a valid command line: %v", args, err)
			}
			return
		}
		if !valid {
			t.Fatalf("ParseArgs(%q) accepts an invalid command line as %v", args, cmd)
		}
		out := cmd.Args()
		if len(out) != len(args) || out[0] != args[0] || out[len(out)-1] != args[len(args)-1] {
			t.Fatalf("ParseArgs(%q).Args() = %q", args, out)
		}
		if len(args) == 3 {
			want, _ := new(big.Int).SetString(args[1], 10)
			if out[1] != want.String() {
				t.Fatalf("ParseArgs(%q).Args() = %q: seed is not %s", args, out, want)
			}
		} else if cmd.Seed != 0 {
			t.Fatalf("ParseArgs(%q) keeps a seed %d for a part that takes none", args, cmd.Seed)
		}
		again, err := eightqueen.ParseArgs(out)
		if err != nil || again != cmd {
			t.Fatalf("ParseArgs(%q) = %v, but ParseArgs of its Args() %q = %v, %v", args, cmd, out, again, err)
		}
		if cmd.String() != strings.Join(out, " ") {
			t.Fatalf("String() = %q, Args() = %q", cmd.String(), out)
		}
	})
}

// The invariants below are computed naively from the handout, independently
// of the reference's incremental cost updates.

func naiveCost(b eightqueen.Board) int {
	c := 0
	for i := 0; i < eightqueen.Size; i++ {
		for j := i + 1; j < eightqueen.Size; j++ {
			d := int(b[i]) - int(b[j])
			if d == 0 || d == j-i || -d == j-i {
				c++
			}
		}
	}
	return c
}

// naiveSuccessors lists every one-queen move in the handout's order.
func naiveSuccessors(b eightqueen.Board) []eightqueen.Board {
	var out []eightqueen.Board
	for c := 0; c < eightqueen.Size; c++ {
		for v := int8(0); v < eightqueen.Size; v++ {
			if v != b[c] {
				s := b
				s[c] = v
				out = append(out, s)
			}
		}
	}
	return out
}

// naiveSteepest returns the steepest moves under the reading, and their cost.
func naiveSteepest(b eightqueen.Board, r eightqueen.Reading) ([]eightqueen.Board, int) {
	succ := naiveSuccessors(b)
	best := 1 << 30
	for _, s := range succ {
		best = min(best, naiveCost(s))
	}
	if r.NonRaising && best > naiveCost(b) {
		return nil, best
	}
	var out []eightqueen.Board
	for _, s := range succ {
		if naiveCost(s) == best {
			out = append(out, s)
		}
	}
	return out, best
}

// firstBetter returns the first successor cheaper than b, if any.
func firstBetter(b eightqueen.Board) (eightqueen.Board, bool) {
	c := naiveCost(b)
	for _, s := range naiveSuccessors(b) {
		if naiveCost(s) < c {
			return s, true
		}
	}
	return b, false
}

type stateLine struct {
	iter  int
	board eightqueen.Board
	cost  int
}

var stateRE = regexp.MustCompile(`^(0|[1-9][0-9]*):([0-7]{8}) (0|[1-9][0-9]*)$`)

// checkInvariants reports the first way out breaks what any reading of the
// handout guarantees for cmd under r.
func checkInvariants(cmd eightqueen.Command, r eightqueen.Reading, out string) error {
	if strings.Contains(out, "\r") || (out != "" && !strings.HasSuffix(out, "\n")) {
		return fmt.Errorf("output is not \\n-terminated lines")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	cost := naiveCost(cmd.Board)
	switch cmd.Part() {
	case eightqueen.PartCost:
		if len(lines) != 1 || lines[0] != strconv.Itoa(cost) {
			return fmt.Errorf("want the cost %d alone", cost)
		}
		return nil
	case eightqueen.PartSteepest:
		if len(lines) == 0 {
			if st, _ := naiveSteepest(cmd.Board, r); cost != 0 && len(st) > 0 {
				return fmt.Errorf("no output, but the board has cost %d and %d steepest moves", cost, len(st))
			}
			return nil
		}
		last, err := strconv.Atoi(lines[len(lines)-1])
		if err != nil || last < 0 || last > 28 {
			return fmt.Errorf("last line %q is not a cost 0..28", lines[len(lines)-1])
		}
		if cost == 0 {
			return fmt.Errorf("a solved board prints moves")
		}
		st, best := naiveSteepest(cmd.Board, r)
		if last != best {
			return fmt.Errorf("last line %d, but the steepest moves cost %d", last, best)
		}
		var want []string
		for _, s := range st {
			want = append(want, s.String())
		}
		if got := lines[:len(lines)-1]; !slices.Equal(got, want) {
			return fmt.Errorf("boards %q, want every move of cost %d in order: %q", got, best, want)
		}
		return nil
	}

	// 3XX, 4XX, 5XX: "i:board cost" lines, then maybe "Solved" or "Local optimum".
	var states []stateLine
	marker := ""
	for k, line := range lines {
		if marker != "" {
			return fmt.Errorf("line %d %q follows %q", k+1, line, marker)
		}
		if line == "Solved" || (line == "Local optimum" && cmd.Part() == eightqueen.PartFirstChoice) {
			if len(states) == 0 {
				return fmt.Errorf("%q before any board", line)
			}
			marker = line
			continue
		}
		m := stateRE.FindStringSubmatch(line)
		if m == nil {
			return fmt.Errorf("line %d %q is not i:board cost", k+1, line)
		}
		s := stateLine{}
		s.iter, _ = strconv.Atoi(m[1])
		s.board, _ = eightqueen.ParseBoard(m[2])
		s.cost, _ = strconv.Atoi(m[3])
		if s.iter != len(states) {
			return fmt.Errorf("line %d numbered %d", k+1, s.iter)
		}
		if s.cost < 0 || s.cost > 28 || s.cost != naiveCost(s.board) {
			return fmt.Errorf("line %d %q: the board's cost is %d", k+1, line, naiveCost(s.board))
		}
		if len(states) == 0 {
			if s.board != cmd.Board {
				return fmt.Errorf("line 1 %q does not show the start board", line)
			}
		} else {
			prev := states[len(states)-1]
			if prev.cost == 0 {
				return fmt.Errorf("line %d %q goes on after a solved board", k+1, line)
			}
			if err := checkMove(cmd, r, prev.board, s.board); err != nil {
				return fmt.Errorf("line %d %q: %v", k+1, line, err)
			}
		}
		states = append(states, s)
	}
	if len(states) == 0 {
		return fmt.Errorf("no output")
	}
	last, xx := states[len(states)-1], cmd.Cutoff()
	if last.iter > xx {
		return fmt.Errorf("%d moves, cutoff %d", last.iter, xx)
	}
	_, better := firstBetter(last.board)
	switch {
	case marker == "Solved":
		if last.cost != 0 {
			return fmt.Errorf("Solved after a board of cost %d", last.cost)
		}
	case last.cost == 0:
		return fmt.Errorf("a board of cost 0 without Solved")
	case marker == "Local optimum":
		if better {
			return fmt.Errorf("Local optimum on a board with a better move")
		}
		if last.iter == xx && !r.OptimumAtCutoff {
			return fmt.Errorf("Local optimum at the cutoff under reading %s", r)
		}
	case last.iter == xx:
		if cmd.Part() == eightqueen.PartFirstChoice && !better && r.OptimumAtCutoff {
			return fmt.Errorf("no Local optimum at the cutoff under reading %s", r)
		}
	default: // stopped early without a word
		st, _ := naiveSteepest(last.board, r)
		if cmd.Part() != eightqueen.PartHill || len(st) > 0 {
			return fmt.Errorf("stopped after %d of %d moves on a board of cost %d", last.iter, xx, last.cost)
		}
	}
	return nil
}

// checkMove reports how next cannot follow prev in cmd's part.
func checkMove(cmd eightqueen.Command, r eightqueen.Reading, prev, next eightqueen.Board) error {
	changed := -1
	for c := range prev {
		if prev[c] != next[c] {
			if changed >= 0 {
				return fmt.Errorf("more than one queen moved from %s", prev)
			}
			changed = c
		}
	}
	switch cmd.Part() {
	case eightqueen.PartHill:
		st, _ := naiveSteepest(prev, r)
		if !slices.Contains(st, next) {
			return fmt.Errorf("not a steepest move from %s", prev)
		}
	case eightqueen.PartFirstChoice:
		if want, ok := firstBetter(prev); !ok || want != next {
			return fmt.Errorf("not the first better move from %s", prev)
		}
	case eightqueen.PartAnneal:
		// index and value are both nextInt(7): column 7 never moves, row 7 is never a target.
		if changed >= 0 && (changed == eightqueen.Size-1 || next[changed] == eightqueen.Size-1) {
			return fmt.Errorf("moved column %d to row %d from %s: nextInt(7) cannot draw 7", changed, next[changed], prev)
		}
	}
	return nil
}

// fuzzCommand turns arbitrary fuzz values into a valid command line.
func fuzzCommand(flag uint16, seed int64, board string) eightqueen.Command {
	family := int(flag/100)%5 + 1
	c := eightqueen.Command{Flag: family * 100}
	if family >= 3 {
		c.Flag += int(flag % 100)
	}
	for i := range c.Board {
		if i < len(board) {
			c.Board[i] = int8(board[i] % eightqueen.Size) // '0'..'7' map to 0..7
		}
	}
	if c.TakesSeed() {
		c.Seed = seed
	}
	return c
}

func FuzzInvariants(f *testing.F) {
	for i, ex := range handoutExamples(f) {
		cmd, err := eightqueen.ParseArgs(ex.Args)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint16(cmd.Flag), cmd.Seed, cmd.Board.String(), uint8(i))
	}
	f.Add(uint16(200), int64(0), "70352164", uint8(1)) // a strict local minimum
	f.Add(uint16(399), int64(7), "70352164", uint8(1))
	f.Add(uint16(408), int64(0), "12375643", uint8(2)) // Local optimum at the cutoff
	f.Add(uint16(408), int64(0), "12375643", uint8(0))
	f.Add(uint16(599), int64(-1), "01234567", uint8(4))
	f.Add(uint16(599), int64(-123456789), "77777777", uint8(0))
	f.Fuzz(func(t *testing.T, flag uint16, seed int64, board string, reading uint8) {
		cmd := fuzzCommand(flag, seed, board)
		if again, err := eightqueen.ParseArgs(cmd.Args()); err != nil || again != cmd {
			t.Fatalf("%v does not parse back: %v, %v", cmd, again, err)
		}
		readings := eightqueen.Readings()
		r := readings[int(reading)%len(readings)]
		opt := func() eightqueen.Options {
			return eightqueen.Options{Reading: r, Unseeded: javarand.New(seed)}
		}
		out := eightqueen.Output(cmd, opt())
		if err := checkInvariants(cmd, r, string(out)); err != nil {
			t.Fatalf("%s, reading %s: %v\noutput:\n%s", cmd, r, err, out)
		}
		if again := eightqueen.Output(cmd, opt()); !bytes.Equal(out, again) {
			t.Fatalf("%s, reading %s: two runs differ:\n%s---\n%s", cmd, r, out, again)
		}
		// Outcomes must group this reading with this output.
		if cmd.Seeded() {
			found := false
			for _, o := range eightqueen.Outcomes(cmd, readings) {
				if slices.Contains(o.Readings, r) {
					found = bytes.Equal(o.Output, out)
				}
			}
			if !found {
				t.Fatalf("%s, reading %s: Outcomes does not list its output", cmd, r)
			}
		}
	})
}
