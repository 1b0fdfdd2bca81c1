package casegen

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

// committed is where the repository keeps the generated cases.
var committed = filepath.Join("..", "..", "..", "cases", "eightqueen")

var generated = sync.OnceValues(func() ([]cases.Case, Report) { return Generate() })

// TestCommittedCasesMatchGenerator fails when the committed case files are
// not what the generator writes; -update rewrites them.
func TestCommittedCasesMatchGenerator(t *testing.T) {
	cs, rep := generated()
	if testenv.Update() {
		if err := cases.Write(committed, cs); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d cases to %s\n%s", len(cs), committed, rep.Format())
	}
	got, err := cases.Load(committed)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(cs) {
		t.Errorf("%s holds %d cases, the generator makes %d (go test ./reference/eightqueen/casegen -update)", committed, len(got), len(cs))
	}
	for i := range min(len(got), len(cs)) {
		if got[i].ID != cs[i].ID {
			t.Fatalf("case %d: committed %s, generated %s (go test ./reference/eightqueen/casegen -update)", i, got[i].ID, cs[i].ID)
		}
		if !bytes.Equal(got[i].Format(), cs[i].Format()) {
			t.Errorf("%s differs from the generator's:\n%s\nwant:\n%s", got[i].Path, got[i].Format(), cs[i].Format())
		}
	}
	if cases.Hash(got) != cases.Hash(cs) {
		t.Error("case set hash differs")
	}
}

// The committed expected outputs must be the reference's, whatever the generator does.
func TestCommittedCasesCheck(t *testing.T) {
	got, err := cases.Load(committed)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(got); err != nil {
		t.Error(err)
	}
}

func TestEveryMistakeCaught(t *testing.T) {
	_, rep := generated()
	want := 0
	for _, k := range eightqueen.Catalogue() {
		want += len(k.Parts)
	}
	if len(rep.Pairs) != want {
		t.Errorf("report has %d pairs, the catalogue %d", len(rep.Pairs), want)
	}
	for _, p := range rep.Uncaught() {
		t.Errorf("%s in part %s fails no hidden case: %s", p.Mistake, p.Part, p.Reason)
	}
	if t.Failed() || testing.Verbose() {
		t.Log("\n" + rep.Format())
	}
}

// The report must tell the truth: recompute each claimed kill directly.
func TestReportKills(t *testing.T) {
	cs, rep := generated()
	byID := map[string]cases.Case{}
	for _, c := range cs {
		byID[c.ID] = c
	}
	for _, p := range rep.Pairs {
		k, err := eightqueen.LookupMistake(p.Mistake)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range append(append([]string{}, p.Hidden...), p.Public...) {
			cmd, err := eightqueen.ParseArgs(byID[id].Args)
			if err != nil {
				t.Fatal(err)
			}
			g := newPartGen(cmd.Part())
			j := 0
			for g.targets[j].Name != k.Name {
				j++
			}
			if !g.killsOf(cmd)[j] {
				t.Errorf("%s claims to catch %s but does not", id, k.Name)
			}
		}
		for _, id := range p.Unseeded {
			cmd, err := eightqueen.ParseArgs(byID[id].Args)
			if err != nil {
				t.Fatal(err)
			}
			out := eightqueen.Output(cmd, eightqueen.Options{Mistakes: []eightqueen.Mistake{k}, Unseeded: javarand.New(99)})
			if eightqueen.VerifyRun(cmd, out, nil) == nil {
				t.Errorf("%s claims to catch %s but does not", id, k.Name)
			}
		}
		if want := len(byPart(cs, p.Part)); p.Cases != want {
			t.Errorf("%s in part %s: the report counts %d cases, the part has %d", p.Mistake, p.Part, p.Cases, want)
		}
	}
}

func byPart(cs []cases.Case, part string) []cases.Case {
	var out []cases.Case
	for _, c := range cs {
		if c.Part == part {
			out = append(out, c)
		}
	}
	return out
}

// TestAnnealMistakesLoseHalf: every simulated annealing mistake of the
// catalogue fails at least half of part e's cases, so that it scores at
// most half of the part, and the kill matrix says so.
func TestAnnealMistakesLoseHalf(t *testing.T) {
	_, rep := generated()
	sa := 0
	for _, p := range rep.Pairs {
		k, err := eightqueen.LookupMistake(p.Mistake)
		if err != nil {
			t.Fatal(err)
		}
		if p.Half != (p.Part == "e" && slices.Equal(k.Parts, []eightqueen.Part{eightqueen.PartAnneal})) {
			t.Errorf("%s in part %s: Half = %v", p.Mistake, p.Part, p.Half)
		}
		if !p.Half {
			continue
		}
		sa++
		if 2*p.Lost() < p.Cases {
			t.Errorf("%s fails %d of part e's %d cases, want at least half", p.Mistake, p.Lost(), p.Cases)
		}
	}
	if sa < 9 {
		t.Errorf("%d simulated annealing mistakes in the matrix, want at least 9", sa)
	}
	if len(rep.BelowHalf()) > 0 || !strings.Contains(rep.Format(), "every simulated annealing mistake fails at least half of part e's cases\n") {
		t.Errorf("the kill matrix does not say that every annealing mistake loses half:\n%s", rep.Format())
	}
}

func TestGeneratedSet(t *testing.T) {
	cs, rep := generated()
	if err := Check(cs); err != nil {
		t.Error(err)
	}
	counts := map[string][3]int{} // public, hidden, unseeded
	seen := map[string]string{}
	for _, c := range cs {
		n := counts[c.Part]
		switch {
		case c.Check != "":
			n[2]++
		case c.Visibility == cases.Public:
			n[0]++
		default:
			n[1]++
		}
		counts[c.Part] = n
		line := strings.Join(c.Args, " ")
		if prev, ok := seen[line]; ok {
			t.Errorf("%s repeats %s: %s", c.ID, prev, line)
		}
		seen[line] = c.ID
		cmd, err := eightqueen.ParseArgs(c.Args)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		if c.Check != "" {
			if c.Visibility != cases.Hidden || cmd.Seeded() || len(c.Outputs) != 0 {
				t.Errorf("%s: a checked case must be hidden, seed -1 and without outputs", c.ID)
			}
			continue
		}
		if c.Visibility == cases.Hidden {
			if !eightqueen.Agree(cmd, nil) || len(c.Outputs) != 1 || c.Outputs[0].Readings != nil {
				t.Errorf("%s: the readings disagree on a hidden case", c.ID)
			}
			if cmd.TakesSeed() && (cmd.Seed == eightqueen.Unseeded || int64(int32(cmd.Seed)) != cmd.Seed) {
				t.Errorf("%s: seed %d outside the int range or -1", c.ID, cmd.Seed)
			}
		}
	}
	public := 0
	for _, p := range parts {
		n := counts[p.String()]
		public += n[0]
		if n[1] < HiddenPerPart {
			t.Errorf("part %s has %d hidden cases, want at least %d", p, n[1], HiddenPerPart)
		}
	}
	if public != 24 {
		t.Errorf("%d public cases, want the 24 handout examples", public)
	}
	for _, pc := range rep.Parts {
		if n := counts[pc.Part]; n[0] != pc.Public || n[1] != pc.Hidden || n[2] != pc.Unseeded {
			t.Errorf("report counts part %s as %d+%d+%d, the set has %d+%d+%d", pc.Part, pc.Public, pc.Hidden, pc.Unseeded, n[0], n[1], n[2])
		}
	}
}

// Some hidden case of each search-driven kind must exist: the goal reached
// exactly at the cutoff (3XX, 4XX, 5XX) and large XX for 5XX.
func TestCoverage(t *testing.T) {
	cs, _ := generated()
	atCutoff := map[string]bool{}
	largeXX := 0
	for _, c := range cs {
		if c.Visibility != cases.Hidden || c.Check != "" {
			continue
		}
		cmd, _ := eightqueen.ParseArgs(c.Args)
		if cmd.Cutoff() > 0 && cmd.Part() != eightqueen.PartCost && cmd.Part() != eightqueen.PartSteepest {
			if r := summarise(cmd, c.Outputs[0].Stdout); r.solved && r.moves == cmd.Cutoff() {
				atCutoff[c.Part] = true
			}
		}
		if cmd.Part() == eightqueen.PartAnneal && cmd.Cutoff() >= 90 {
			largeXX++
		}
	}
	for _, p := range []string{"c", "d", "e"} {
		if !atCutoff[p] {
			t.Errorf("part %s has no hidden case reaching the goal exactly at the cutoff", p)
		}
	}
	if largeXX < 5 {
		t.Errorf("part e has %d hidden cases with XX >= 90, want at least 5", largeXX)
	}
}

func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: generates the case set once more")
	}
	a, ra := Generate()
	b, rb := generated()
	if cases.Hash(a) != cases.Hash(b) || ra.Format() != rb.Format() {
		t.Error("two runs of Generate differ")
	}
}

func TestCheckCatchesDrift(t *testing.T) {
	all, _ := generated()
	var cs []cases.Case // the cases with expected outputs
	for _, c := range all {
		if c.Check == "" {
			cs = append(cs, c)
		}
	}
	c := cs[len(cs)-1]
	c.Outputs = []cases.Output{{Stdout: append([]byte("0:00000000 28\n"), c.Outputs[0].Stdout...)}}
	bad := []cases.Case{c}
	wrongPart := cs[0]
	wrongPart.Part = "b"
	bad = append(bad, wrongPart)
	unseeded := cs[len(cs)-1]
	unseeded.Args = []string{unseeded.Args[0], "-1", unseeded.Args[2]}
	bad = append(bad, unseeded)
	labelled := cs[0]
	labelled.Outputs = []cases.Output{{Readings: []string{"cool-before"}, Stdout: cs[0].Outputs[0].Stdout}}
	bad = append(bad, labelled)
	checked := cs[len(cs)-1] // a seeded case judged by rules
	checked.Outputs, checked.Check = nil, cases.CheckReference
	bad = append(bad, checked)
	err := Check(bad)
	if err == nil {
		t.Fatal("Check accepted drifted cases")
	}
	if n := strings.Count(err.Error(), "\n") + 1; n != len(bad) {
		t.Errorf("Check reported %d problems, want %d:\n%v", n, len(bad), err)
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		Generate()
	}
}

// TestUnseededCases: under many seeds, a correct run of every seed -1 case
// obeys the rules under every reading, and the wrong programs the cases
// were chosen to catch break one under every seed: staying put (or taking
// the first steepest move of a tie) at a local optimum in 3XX, drawing
// with nextInt(8) in 5XX, and counting each pair twice in both. No
// mistake's verdict depends on the seed, so a regrade gives the same
// results.
func TestUnseededCases(t *testing.T) {
	cs, _ := generated()
	caught := map[string][]string{
		"c": {"stay-put-successor", "pairs-counted-twice"},
		"e": {"sa-nextint-8", "pairs-counted-twice"},
	}
	n := 0
	verdicts := map[string]bool{}
	for _, c := range cs {
		if c.Check == "" {
			continue
		}
		n++
		cmd, err := eightqueen.ParseArgs(c.Args)
		if err != nil {
			t.Fatal(err)
		}
		for seed := int64(1000); seed < 1100; seed++ {
			for _, r := range eightqueen.ReadingsFor(cmd.Part()) {
				out := eightqueen.Output(cmd, eightqueen.Options{Reading: r, Unseeded: javarand.New(seed)})
				if v := eightqueen.VerifyRun(cmd, out, nil); v != nil {
					t.Fatalf("%s, seed %d, reading %s: a correct run breaks a rule: %v", c.ID, seed, r, v)
				}
			}
			for _, m := range eightqueen.Catalogue() {
				if !m.Concerns(cmd.Part()) {
					continue
				}
				out := eightqueen.Output(cmd, eightqueen.Options{Mistakes: []eightqueen.Mistake{m}, Unseeded: javarand.New(seed)})
				fails := eightqueen.VerifyRun(cmd, out, nil) != nil
				if slices.Contains(caught[c.Part], m.Name) && !fails {
					t.Errorf("%s, seed %d: %s breaks no rule", c.ID, seed, m.Name)
				}
				// A verdict the seed decides would make a regrade differ.
				key := c.ID + " " + m.Name
				if prev, ok := verdicts[key]; ok && prev != fails {
					t.Errorf("%s: %s breaks a rule under some seeds only", c.ID, m.Name)
				}
				verdicts[key] = fails
			}
		}
	}
	if n != 2*UnseededPerPart {
		t.Errorf("%d unseeded cases, want %d", n, 2*UnseededPerPart)
	}
}
