package nqueens

import (
	"strings"
	"testing"
)

const prompt = "Number of queens (1<=nqueens<100): Algorithm: (1) Random search (2) Hill climbing (3) Simulated Annealing (4) Genetic Permutation: \n"

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		alg    Algorithm
		out    string
		solved bool
		rule   string
		line   int
	}{
		{"solved", 4, HillClimbing, prompt + "Initial state:\nQ...\n.Q..\n...q\n.Q..\n\nFinal State\n.q..\n...q\nq...\n..q.\n", true, "", 0},
		{"crlf and blanks", 4, HillClimbing, "Initial state:\r\nQ... \r\n.Q..\r\n...q\r\n.Q..\r\nFinal State\r\n.q..\r\n...q\r\nq...\r\n..q.\r\n", true, "", 0},
		{"not solved", 4, HillClimbing, "Initial state:\nQ...\n.Q..\n...q\n.Q..\nFinal State\nQ...\n.Q..\n...q\n.Q..\n", false, "", 0},
		{"boards back to back", 4, Genetic, ".q..\n...q\nq...\n..q.\n.q..\n...q\nq...\n..q.\n", true, "", 0},
		{"one board", 4, HillClimbing, "Final State\n.q..\n...q\nq...\n..q.\n", true, RuleBoards, 0},
		{"no board", 4, HillClimbing, "Final State: [1, 3, 0, 2]\n", false, RuleBoards, 0},
		{"short board", 4, HillClimbing, "Initial state:\n.q..\n...q\nq...\nFinal\n.q..\n...q\nq...\n..q.\n", true, RuleBoard, 2},
		{"wide row", 4, HillClimbing, "Initial state:\n.q..\n...q.\nq...\n..q.\nFinal\n.q..\n...q\nq...\n..q.\n", true, RuleBoard, 3},
		{"two queens", 4, HillClimbing, "Initial state:\n.q..\n...q\nQ..Q\n..q.\nFinal\n.q..\n...q\nq...\n..q.\n", true, RuleBoard, 4},
		{"q in conflict", 4, HillClimbing, "Initial state:\nq...\n.Q..\n...q\n.Q..\nFinal\n.q..\n...q\nq...\n..q.\n", true, RuleMarks, 2},
		{"Q alone", 4, HillClimbing, "Initial state:\nQ...\n.Q..\n...q\n.Q..\nFinal\n.q..\n...Q\nq...\n..q.\n", true, RuleMarks, 8},
		{"false claim", 4, RandomSearch, "Initial state:\nQ...\n.Q..\n...q\n.Q..\niteration 0: evaluation=4\nSolved puzzle. Final state is\nQ...\n.Q..\n...q\n.Q..\n", false, RuleClaim, 7},
		{"true claim", 4, RandomSearch, "Initial state:\nQ...\n.Q..\n...q\n.Q..\niteration 0: evaluation=4\nSolved puzzle. Final state is\n.q..\n...q\nq...\n..q.\n", true, "", 0},
		{"no claim", 4, Genetic, "Initial state:\nQ...\n.Q..\n...q\n.Q..\nNot solved\nQ...\n.Q..\n...q\n.Q..\n", false, "", 0},
		{"evaluation twice", 4, RandomSearch, "Initial state:\nQ...\n.Q..\n...q\n.Q..\niteration 0: evaluation=2\nSolved puzzle. Final state is\n.q..\n...q\nq...\n..q.\n", true, RuleEvaluation, 6},
		{"evaluation other algorithm", 4, Annealing, "Initial state:\nQ...\n.Q..\n...q\n.Q..\niteration 0: evaluation=2\nFinal State\n.q..\n...q\nq...\n..q.\n", true, "", 0},
		{"earliest rule first", 4, HillClimbing, "q...\n.Q..\n...q\n.Q..\nFinal\n.q..\n...q\nq...\n..q\n", false, RuleMarks, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Check(tc.n, tc.alg, []byte(tc.out))
			if rep.Solved != tc.solved {
				t.Errorf("solved %v, want %v", rep.Solved, tc.solved)
			}
			switch v := rep.Violation; {
			case tc.rule == "" && v != nil:
				t.Errorf("violation %+v, want none", *v)
			case tc.rule != "" && (v == nil || v.Rule != tc.rule || v.Line != tc.line):
				t.Errorf("violation %+v, want rule %q at line %d", v, tc.rule, tc.line)
			}
		})
	}
}

// TestCheckHints checks the messages that name a likely mistake.
func TestCheckHints(t *testing.T) {
	rep := Check(4, RandomSearch, []byte("Q...\n.Q..\n...q\n.Q..\niteration 0: evaluation=2\nFinal state is\nQ...\n.Q..\n...q\n.Q..\n"))
	if v := rep.Violation; v == nil || !strings.Contains(v.Msg, "counting each conflict twice") {
		t.Errorf("violation %+v", v)
	}
	rep = Check(4, HillClimbing, []byte("q...\n.Q..\n...q\n.Q..\nq...\n.Q..\n...q\n.Q..\n"))
	if v := rep.Violation; v == nil || !strings.Contains(v.Msg, "only queens of later rows") {
		t.Errorf("violation %+v", v)
	}
}

// TestCheckPrinted checks every board the reference prints: its own
// output always passes.
func TestCheckPrinted(t *testing.T) {
	for _, s := range Solvers()[:10] {
		for seed := range uint64(3) {
			n := 4 + int(seed)
			initial, final := Run(s, n, seed)
			out := prompt + "\nInitial state:\n" + initial.String() + "\nFinal State\n" + final.String()
			rep := Check(n, s.Algorithm, []byte(out))
			if rep.Violation != nil || rep.Solved != final.Solved() || len(rep.Boards) != 2 {
				t.Errorf("%s seed %d: %+v\n%s", s.Name, seed, rep, out)
			}
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add(4, 2, []byte(prompt+"Initial state:\nQ...\n.Q..\n...q\n.Q..\nFinal\n.q..\n...q\nq...\n..q.\n"))
	f.Add(4, 1, []byte("Q...\n.Q..\n...q\n.Q..\niteration 0: evaluation=2\nSolved puzzle. Final state is\n.q..\n"))
	f.Add(1, 4, []byte("q\n\nq\nFound solution\n"))
	f.Add(3, 3, []byte("Q\r\n..Q\n\n"))
	f.Fuzz(func(t *testing.T, n, alg int, out []byte) {
		if n < 1 || n > 100 {
			return
		}
		rep := Check(n, Algorithm(alg), out)
		for _, p := range rep.Boards {
			if len(p.Board) != n {
				t.Fatalf("a board of %d rows for n = %d", len(p.Board), n)
			}
		}
		if rep.Solved && len(rep.Boards) == 0 {
			t.Fatal("solved without a board")
		}
	})
}
