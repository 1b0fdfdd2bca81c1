package nim

import (
	"strconv"
	"strings"
	"testing"
)

// solve is a plain negamax, the oracle for Lost and WinningMove.
func solve(s int, memo map[int]int) int {
	if s == 1 {
		return -1
	}
	if v, ok := memo[s]; ok {
		return v
	}
	best := -1
	for k := 1; k <= 3 && s-k >= 1; k++ {
		best = max(best, -solve(s-k, memo))
	}
	memo[s] = best
	return best
}

func TestValues(t *testing.T) {
	memo := map[int]int{}
	for s := 1; s <= 200; s++ {
		if Value(s) != solve(s, memo) {
			t.Errorf("Value(%d) = %d, negamax says %d", s, Value(s), solve(s, memo))
		}
		if !Lost(s) && solve(s-WinningMove(s), memo) != -1 {
			t.Errorf("WinningMove(%d) = %d leaves a won state", s, WinningMove(s))
		}
	}
}

func TestOutput(t *testing.T) {
	tests := []struct {
		n    int
		r    Reading
		want string
	}{
		{10, Default, "10: Max takes 1\n9: Min takes 1\n8: Max takes 3\n5: Min takes 1\n4: Max takes 3\n1: Min looses\n"},
		{10, Reading{Tie: TieLargest}, "10: Max takes 1\n9: Min takes 3\n6: Max takes 1\n5: Min takes 3\n2: Max takes 1\n1: Min looses\n"},
		{5, Reading{Spelling: Loses}, "5: Max takes 1\n4: Min takes 3\n1: Max loses\n"},
		{3, Default, "3: Max takes 2\n1: Min looses\n"},
	}
	for _, tt := range tests {
		if got := string(Output(tt.n, tt.r)); got != tt.want {
			t.Errorf("Output(%d, %s) =\n%s\nwant\n%s", tt.n, tt.r, got, tt.want)
		}
	}
}

func TestReadings(t *testing.T) {
	tests := []struct {
		names []string
		want  string
	}{
		{nil, "ties-first,looses ties-largest,looses ties-first,loses ties-largest,loses"},
		{[]string{"ties-largest"}, "ties-largest,looses ties-largest,loses"},
		{[]string{"loses", "ties-first"}, "ties-first,loses"},
		{[]string{"looses", "loses"}, "ties-first,looses ties-largest,looses ties-first,loses ties-largest,loses"},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range Accepted(tt.names) {
			got = append(got, r.String())
			if p, err := ParseReading(r.String()); err != nil || p != r {
				t.Errorf("ParseReading(%s) = %v, %v", r, p, err)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("Accepted(%q) = %q, want %s", tt.names, got, tt.want)
		}
	}
	for _, bad := range []string{"ties-middle", "ties-first,ties-largest"} {
		if _, err := ParseReading(bad); err == nil {
			t.Errorf("ParseReading(%q) accepted", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	game10 := string(Output(10, Default))
	tests := []struct {
		name string
		run  Run
		rs   []Reading
		line int
		rule string // "" for a pass
	}{
		{"course", Run{Args: []string{"10"}, Stdout: []byte(game10)}, nil, 0, ""},
		{"lab 1", Run{Args: []string{"10"}, Stdout: Output(10, Reading{Tie: TieLargest})}, nil, 0, ""},
		{"any move when lost", Run{Args: []string{"5"}, Stdout: []byte("5: Max takes 2\n3: Min takes 2\n1: Max looses\n")}, nil, 0, ""},
		{"crlf and blanks", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 2 \r\n1: Min looses\r\n\n")}, nil, 0, ""},
		{"tie rule fixed", Run{Args: []string{"5"}, Stdout: []byte("5: Max takes 2\n3: Min takes 2\n1: Max looses\n")}, Accepted([]string{"ties-first"}), 1, RuleTie},
		{"spelling fixed", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 2\n1: Min loses\n")}, Accepted([]string{"looses"}), 2, RuleSpelling},
		{"format", Run{Args: []string{"10"}, Stdout: []byte("10: Max took 1\n")}, nil, 1, RuleFormat},
		{"bad verb", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 2\n1: Min wins\n")}, nil, 2, RuleFormat},
		{"first state", Run{Args: []string{"10"}, Stdout: []byte(strings.Replace(game10, "10:", "11:", 1))}, nil, 1, RuleState},
		{"arithmetic", Run{Args: []string{"10"}, Stdout: []byte(strings.Replace(game10, "8: Max", "7: Max", 1))}, nil, 3, RuleState},
		{"Max first", Run{Args: []string{"3"}, Stdout: []byte("3: Min takes 2\n1: Max looses\n")}, nil, 1, RuleTurn},
		{"alternation", Run{Args: []string{"10"}, Stdout: []byte(strings.Replace(game10, "9: Min", "9: Max", 1))}, nil, 2, RuleTurn},
		{"too many", Run{Args: []string{"5"}, Stdout: []byte("5: Max takes 4\n1: Min looses\n")}, nil, 1, RuleLegal},
		{"last match", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 3\n0: Min looses\n")}, nil, 1, RuleLegal},
		{"not winning", Run{Args: []string{"10"}, Stdout: []byte("10: Max takes 2\n")}, nil, 1, RuleWinning},
		{"stops early", Run{Args: []string{"10"}, Stdout: []byte("10: Max takes 1\n9: Min takes 1\n")}, nil, 3, RuleEnd},
		{"empty", Run{Args: []string{"10"}}, nil, 1, RuleEnd},
		{"ends early", Run{Args: []string{"10"}, Stdout: []byte("10: Max takes 1\n9: Min looses\n")}, nil, 2, RuleEnd},
		{"wrong loser", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 2\n1: Max looses\n")}, nil, 2, RuleLoser},
		{"after the end", Run{Args: []string{"3"}, Stdout: []byte("3: Max takes 2\n1: Min looses\nbye\n")}, nil, 3, RuleAfter},
		{"exit status", Run{Args: []string{"10"}, Stdout: []byte(game10), ExitCode: 1}, nil, 0, RuleExit},
		{"usage", Run{Args: nil, Stderr: []byte("usage: nim N\n"), ExitCode: 255}, nil, 0, ""},
		{"usage exits 0", Run{Args: []string{"2"}, Stderr: []byte("usage\n")}, nil, 0, RuleExit},
		{"usage on stdout", Run{Args: []string{"abc"}, Stdout: []byte("usage: nim N\n"), ExitCode: 1}, nil, 1, RuleUsage},
		{"usage silent", Run{Args: []string{"0"}, ExitCode: 1}, nil, 0, RuleUsage},
		{"beyond rejected", Run{Args: []string{"1000"}, Stderr: []byte("at most 100\n"), ExitCode: 1}, nil, 0, ""},
		{"beyond played", Run{Args: []string{"1000"}, Stdout: Output(1000, Default)}, nil, 0, ""},
		{"beyond garbage", Run{Args: []string{"101"}, Stdout: []byte("101: Max takes 7\n")}, nil, 1, RuleLegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Check(tt.run, tt.rs)
			switch {
			case tt.rule == "" && v != nil:
				t.Errorf("rejected: %+v", v)
			case tt.rule != "" && (v == nil || v.Rule != tt.rule || v.Line != tt.line):
				t.Errorf("got %+v, want line %d rule %q", v, tt.line, tt.rule)
			}
		})
	}
}

// TestCatalogue checks that every mistake's output is rejected, on the
// rule it breaks first, for every N of a game and every reading.
func TestCatalogue(t *testing.T) {
	rules := map[string][]string{ // the rules each mistake may break first
		"last-match-wins":    {RuleLegal, RuleWinning},
		"last-match-allowed": {RuleLegal},
		"value-not-negated":  {RuleWinning},
		"table-ignores-turn": {RuleWinning},
		"names-swapped":      {RuleTurn},
		"winner-named-loser": {RuleLoser},
		"no-usage-check":     {RuleExit},
	}
	for _, m := range Catalogue() {
		shown := 0
		for _, r := range Readings() {
			for _, args := range commandLines() {
				o, ok := m.Run(args, r)
				if !ok || o.End != Exited {
					continue
				}
				shown++
				v := Check(Run{Args: args, Stdout: o.Stdout}, nil)
				if v == nil {
					if m.Name == "value-not-negated" || m.Name == "table-ignores-turn" || m.Name == "last-match-allowed" {
						continue // right by chance on some N
					}
					t.Errorf("%s %s %q: accepted:\n%s", m.Name, r, args, o.Stdout)
					continue
				}
				if !strings.Contains(strings.Join(rules[m.Name], "|"), v.Rule) {
					t.Errorf("%s %s %q: breaks %q (%s), want one of %q", m.Name, r, args, v.Rule, v.Msg, rules[m.Name])
				}
			}
		}
		if _, err := LookupMistake(m.Name); err != nil || m.Hint == "" {
			t.Errorf("%s: lookup %v, hint %q", m.Name, err, m.Hint)
		}
		if shown == 0 && m.Name != "table-out-of-bounds" && m.Name != "no-table" {
			t.Errorf("%s prints nothing wrong on any command line", m.Name)
		}
	}
}

func commandLines() [][]string {
	out := [][]string{nil, {"abc"}, {"0"}, {"2"}, {"101"}, {"1000"}}
	for n := MinN; n <= MaxN; n++ {
		out = append(out, []string{strconv.Itoa(n)})
	}
	return out
}

func TestEnds(t *testing.T) {
	tests := []struct {
		mistake string
		args    []string
		end     End
		ok      bool
	}{
		{"no-table", []string{"70"}, TooSlow, true},
		{"no-table", []string{"20"}, Exited, false},
		{"table-out-of-bounds", []string{"1000"}, Crashed, true},
		{"table-out-of-bounds", []string{"101"}, Exited, false},
		{"table-out-of-bounds", []string{"50"}, Exited, false},
		{"no-usage-check", nil, Exited, false},
	}
	for _, tt := range tests {
		m, err := LookupMistake(tt.mistake)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := m.Run(tt.args, Default)
		if ok != tt.ok || ok && o.End != tt.end {
			t.Errorf("%s %q: %v, %v; want %v, %v", tt.mistake, tt.args, o.End, ok, tt.end, tt.ok)
		}
	}
	if _, err := LookupMistake("nope"); err == nil {
		t.Error("LookupMistake(nope) found one")
	}
}

// FuzzCheck feeds the checker correct games cut, garbled and spliced:
// it never panics, and accepts only what a correct game can be.
func FuzzCheck(f *testing.F) {
	f.Add(10, []byte("10: Max takes 1\n9: Min takes 1\n8: Max takes 3\n5: Min takes 1\n4: Max takes 3\n1: Min looses\n"), 0)
	f.Add(3, []byte("3: Max takes 2\n1: Min loses"), 0)
	f.Add(5, []byte("5: Max takes 99999999999999999999\n"), 0)
	f.Add(2, []byte(""), 1)
	f.Add(-7, []byte("-7: Max takes -2\n1: Min looses"), 0)
	f.Fuzz(func(t *testing.T, n int, out []byte, exit int) {
		args := []string{strconv.Itoa(n)}
		v := Check(Run{Args: args, Stdout: out, ExitCode: exit}, nil)
		if v == nil && exit == 0 && n >= MinN {
			// an accepted game is a correct one: replay it
			if w := CheckGame(n, out, Readings()); w != nil {
				t.Fatalf("accepted, then rejected: %+v", w)
			}
			if lines := Lines(out); lines[len(lines)-1][:2] != "1:" {
				t.Fatalf("accepted a game that does not end at 1: %q", out)
			}
		}
		if v != nil && v.Line < 0 {
			t.Fatalf("violation at line %d", v.Line)
		}
	})
}
