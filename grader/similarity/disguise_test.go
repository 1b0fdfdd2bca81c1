package similarity_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// reference is the example batch's correct program (alice's).
func reference(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../examples/alice/EightQueen.java")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// rename gives the program's methods and variables other names.
func rename(src string) string {
	return strings.NewReplacer("heuristic", "attackCount", "boardString", "render", "printState", "report",
		"successors", "neighbours", "steepest", "bestMoves", "firstBetter", "improve", "hillClimbing", "climb",
		"firstChoice", "greedy", "simulatedAnnealing", "anneal", "board", "queens", "rng", "dice",
		"next", "cand", "best", "top", "iter", "step", "index", "col", "value", "row", "cutoff", "limit").Replace(src)
}

// recomment drops every comment and adds others.
func recomment(src string) string {
	src = regexp.MustCompile(`(?m)//.*$`).ReplaceAllString(src, "")
	src = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(src, "/* my own solution, no help */")
	return strings.ReplaceAll(src, "        return", "        // done here\n        return")
}

var methodStart = regexp.MustCompile(`(?m)^    (public )?static [^=]*\) \{$`)

// deadCode adds unused variables and a branch never taken to every method.
func deadCode(src string) string {
	return methodStart.ReplaceAllStringFunc(src, func(m string) string {
		return m + "\n        int unusedTally = 0;\n        if (unusedTally > 1) {\n            unusedTally--;\n            System.out.print(\"\");\n        }"
	})
}

// reorder puts the class's methods in reverse order.
func reorder(src string) string {
	locs := methodStart.FindAllStringIndex(src, -1)
	head := src[:locs[0][0]]
	end := strings.LastIndex(src, "}")
	var methods []string
	for i, l := range locs {
		stop := end
		if i+1 < len(locs) {
			stop = locs[i+1][0]
		}
		methods = append(methods, src[l[0]:stop])
	}
	slices.Reverse(methods)
	return head + strings.Join(methods, "\n") + "}\n"
}

var countedLoop = regexp.MustCompile(`for \(int (\w+) = 0; (\w+) < (\w+); (\w+)\+\+\) \{`)

// loops runs every counted loop the other way round, and as a while loop
// where it is the outer one of the heuristic.
func loops(src string) string {
	return countedLoop.ReplaceAllString(src, "for (int $1 = $3 - 1; $1 >= 0; --$1) {")
}

func doc(id, name, src string) *similarity.Doc {
	return similarity.Read(submission.Submission{ID: id, Files: []submission.File{{Name: name, Data: []byte(src)}}}, false)
}

// TestDisguisedCopiesRankAboveIndependent checks that copies of the
// reference program disguised each way (and every way at once) score
// above any pair of independently written solutions of the same task.
func TestDisguisedCopiesRankAboveIndependent(t *testing.T) {
	ref := reference(t)
	disguises := map[string]func(string) string{
		"renamed": rename, "recommented": recomment, "dead-code": deadCode, "reordered": reorder, "loops": loops,
		"all": func(s string) string { return loops(reorder(deadCode(recomment(rename(s))))) },
	}
	names := []string{"renamed", "recommented", "dead-code", "reordered", "loops", "all"}
	docs := []*similarity.Doc{doc("reference", "EightQueen.java", ref)}
	for _, n := range names {
		d := disguises[n](ref)
		if d == ref {
			t.Fatalf("the %s disguise changed nothing", n)
		}
		docs = append(docs, doc(n, "EightQueen.java", d))
	}
	for _, f := range []string{"Queens1.java", "Queens2.java"} {
		data, err := os.ReadFile("testdata/independent/" + f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc("independent-"+f, "EightQueen.java", string(data)))
	}
	r := similarity.Compare(docs, similarity.Options{Jobs: 2})
	score := map[string]float64{}
	for _, p := range r.Pairs {
		score[r.Docs[p.A].ID+"~"+r.Docs[p.B].ID] = p.Score()
	}
	indep := 0.0
	for _, k := range []string{"reference~independent-Queens1.java", "reference~independent-Queens2.java", "independent-Queens1.java~independent-Queens2.java"} {
		indep = max(indep, score[k])
	}
	t.Logf("independent solutions score at most %.3f", indep)
	for _, n := range names {
		s := score["reference~"+n]
		t.Logf("reference and its %s copy: %.3f", n, s)
		if s <= indep || s < 0.5 {
			t.Errorf("the %s copy scores %.3f against the reference; independent solutions score up to %.3f", n, s, indep)
		}
	}
}

// skeleton is a handout's: the reference with every method's body
// emptied, but main's argument checks.
func skeleton(ref string) string {
	locs := methodStart.FindAllStringIndex(ref, -1)
	var b strings.Builder
	b.WriteString(ref[:locs[0][0]])
	for _, l := range locs {
		sig := ref[l[0]:l[1]]
		if strings.Contains(sig, "main(") {
			b.WriteString(ref[l[0]:])
			return b.String()
		}
		ret := ""
		switch {
		case strings.Contains(sig, "static int "):
			ret = "        return 0;\n"
		case !strings.Contains(sig, "static void "):
			ret = "        return null;\n"
		}
		fmt.Fprintf(&b, "%s\n        // TODO\n%s    }\n\n", sig, ret)
	}
	return b.String()
}

// TestSkeletonAloneScoresNearZero checks that the handout's skeleton
// handed in as it is shares nothing counted with solutions built on it,
// when it is the base, and that two copies built on it still match.
func TestSkeletonAloneScoresNearZero(t *testing.T) {
	ref := reference(t)
	skel := skeleton(ref)
	base := similarity.NewBase([]similarity.File{{Name: "EightQueen.java", Lang: toolchain.Java, Data: []byte(skel)}}, similarity.DefaultSettings)
	q1, err := os.ReadFile("testdata/independent/Queens1.java")
	if err != nil {
		t.Fatal(err)
	}
	docs := []*similarity.Doc{doc("skeleton", "EightQueen.java", skel), doc("reference", "EightQueen.java", ref),
		doc("copy", "EightQueen.java", rename(ref)), doc("other", "EightQueen.java", string(q1))}
	r := similarity.Compare(docs, similarity.Options{Jobs: 2, Base: base})
	if docs[0].Problem == "" {
		for _, p := range r.Pairs {
			if (p.A == 0 || p.B == 0) && p.Score() > 0.05 {
				t.Errorf("the skeleton and %s score %.3f, want near 0", r.Docs[p.A+p.B].ID, p.Score())
			}
		}
	} else if !strings.Contains(docs[0].Problem, "base") {
		t.Errorf("the skeleton is not compared, but for %q", docs[0].Problem)
	}
	if len(r.Pairs) == 0 || r.Docs[r.Pairs[0].A].ID != "reference" || r.Docs[r.Pairs[0].B].ID != "copy" {
		t.Fatalf("the top pair is not the reference and its copy: %+v", r.Pairs)
	}
	without := similarity.Compare([]*similarity.Doc{doc("skeleton", "EightQueen.java", skel), doc("reference", "EightQueen.java", ref)}, similarity.Options{Jobs: 1})
	if len(without.Pairs) != 1 || without.Pairs[0].Score() < 0.3 {
		t.Errorf("without a base, the skeleton and the reference score %+v: the base does nothing to remove", without.Pairs)
	}
	t.Logf("with the skeleton as base: reference and copy %.3f (%d of %d tokens the reference's own)", r.Pairs[0].Score(), docs[1].Own(), docs[1].Tokens())
}

// TestMultiFile checks that a submission of two files is compared as one
// (a copy split into two files matches the whole), that a match never
// crosses from one file into the next, and that its spans name the
// right file.
func TestMultiFile(t *testing.T) {
	ref := reference(t)
	cut := strings.Index(ref, "    // FLAG 3XX")
	split := similarity.Read(submission.Submission{ID: "split", Files: []submission.File{
		{Name: "A.java", Data: []byte(ref[:cut] + "}\n")}, {Name: "B.java", Data: []byte("class B {\n" + ref[cut:])}}}, false)
	r := similarity.Compare([]*similarity.Doc{doc("whole", "EightQueen.java", ref), split}, similarity.Options{Jobs: 1})
	if len(r.Pairs) != 1 || r.Pairs[0].Score() < 0.9 {
		t.Fatalf("the split copy scores %+v against the whole", r.Pairs)
	}
	files := map[int]bool{}
	for _, m := range r.Pairs[0].Matches {
		files[m.B.File] = true
		name := split.Files[m.B.File].Name
		if m.B.End > len(split.Files[m.B.File].Data) {
			t.Errorf("a match ends at byte %d of %s, past its end", m.B.End, name)
		}
	}
	if !files[0] || !files[1] {
		t.Errorf("the matches are in files %v of the split copy, want both", files)
	}
}
