//go:build unix

package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
)

// settings are the parameters to try: every k with every w.
func settings(ks, ws, cs string) []similarity.Settings {
	k, w, c := ints(ks), ints(ws), ints(cs)
	if len(c) == 0 {
		c = []int{int(100 * similarity.DefaultSettings.Common)}
	}
	if len(k) == 0 {
		k = []int{similarity.DefaultSettings.K}
	}
	if len(w) == 0 {
		w = []int{similarity.DefaultSettings.W}
	}
	var out []similarity.Settings
	for _, x := range k {
		for _, y := range w {
			for _, z := range c {
				out = append(out, similarity.Settings{K: x, W: y, Common: float64(z) / 100})
			}
		}
	}
	return out
}

// ints reads a comma-separated list of numbers; nil when empty.
func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// report scores a set's pairs with package similarity and prints the
// figures, for each way of making one score of a pair's two shares.
func report(s *set, st similarity.Settings, tiling bool) {
	start := time.Now()
	got, tiled := map[[2]int]shares{}, map[[2]int]shares{}
	method := "winnow"
	if tiling {
		method = "tiling"
	}
	for _, g := range s.Groups {
		docs := make([]*similarity.Doc, len(g))
		for x, i := range g {
			f := s.Files[i]
			docs[x] = similarity.Read(submission.Submission{ID: f.Name,
				Files: []submission.File{{Name: filepath.Base(f.Name), Data: f.Data}}}, false)
		}
		r := similarity.Compare(docs, similarity.Options{Settings: st, Show: -1})
		for _, p := range r.Pairs {
			got[[2]int{g[p.A], g[p.B]}] = shares{p.AB, p.BA, p.Pooled}
		}
		if tiling {
			where := map[int]int{}
			for x, i := range g {
				where[i] = x
			}
			for _, p := range s.Pairs {
				a, okA := where[p.A]
				b, okB := where[p.B]
				if okA && okB {
					ab, ba := similarity.Tiling(docs[a], docs[b], st.K)
					tiled[[2]int{p.A, p.B}] = shares{ab, ba, (ab + ba) / 2}
				}
			}
		}
	}
	if tiling {
		got = tiled
	}
	elapsed := time.Since(start)
	for _, way := range ways {
		name := fmt.Sprintf("autograder %s k=%-2d w=%-2d c=%-3.0f %-6s", method, st.K, st.W, 100*st.Common, way.name)
		line(s, name, func(p labelled) float64 {
			sh, ok := got[[2]int{p.A, p.B}]
			if !ok {
				sh = got[[2]int{p.B, p.A}]
			}
			return way.f(sh)
		}, elapsed, selfRSS())
	}
}

// shares are a pair's two shares and its pooled one.
type shares struct{ ab, ba, pooled float64 }

// ways are the ways of making one score of a pair's shares: the larger,
// their mean, the lesser, and the pooled share (the package's).
var ways = []struct {
	name string
	f    func(shares) float64
}{
	{"max", func(s shares) float64 { return max(s.ab, s.ba) }},
	{"mean", func(s shares) float64 { return (s.ab + s.ba) / 2 }},
	{"min", func(s shares) float64 { return min(s.ab, s.ba) }},
	{"pooled", func(s shares) float64 { return s.pooled }},
}

// line prints a tool's figures on a set: ROC-AUC and best F1 over all
// its pairs, then, where the set has them, AUC per IR-Plag level (the
// copies of that level against every independent pair) and on the
// tuned and held-out parts.
func line(s *set, tool string, score func(labelled) float64, elapsed time.Duration, rss int64) {
	all := make([]scored, len(s.Pairs))
	for i, p := range s.Pairs {
		all[i] = scored{score(p), p.Copied}
	}
	auc, f1, at := figures(slices.Clone(all))
	if os.Getenv("SIMQ_DUMP") != "" && strings.Contains(tool, os.Getenv("SIMQ_DUMP")) {
		for i, p := range s.Pairs {
			if all[i].score > 0.2 {
				fmt.Printf("DUMP %s %s %s %v %.3f\n", s.Files[p.A].Name, s.Files[p.B].Name, p.Level, p.Copied, all[i].score)
			}
		}
	}
	fmt.Printf("%-18s %s  AUC %.3f  best F1 %.3f (at %.2f)  %d pairs  %v  peak RSS %d MB\n",
		s.Name, tool, auc, f1, at, len(all), elapsed.Round(time.Millisecond), rss>>20)
	var parts []string
	for _, part := range breakdown(s) {
		var ss []scored
		for i, p := range s.Pairs {
			if part.in(p) {
				ss = append(ss, all[i])
			}
		}
		a, f, _ := figures(ss)
		parts = append(parts, fmt.Sprintf("%s %.3f/%.3f", part.name, a, f))
	}
	if len(parts) > 0 {
		parts = append(parts, fmt.Sprintf("per-task %.3f", perTask(s, all)))
		fmt.Printf("%-18s %s  AUC/F1 %s\n", "", tool, strings.Join(parts, "  "))
	}
}

// part is a subset of a set's pairs, for a figure of its own.
type part struct {
	name string
	in   func(labelled) bool
}

// breakdown is a set's parts: IR-Plag's levels (each level's copies
// with every independent pair), and its tuned and held-out tasks.
func breakdown(s *set) []part {
	var levels []string
	for _, p := range s.Pairs {
		if p.Level != "" && !slices.Contains(levels, p.Level) {
			levels = append(levels, p.Level)
		}
	}
	if len(levels) == 0 {
		return nil
	}
	slices.Sort(levels)
	var out []part
	for _, l := range levels {
		out = append(out, part{l, func(p labelled) bool { return !p.Copied || p.Level == l }})
	}
	return append(out, part{"tuned", func(p labelled) bool { return !p.HeldOut }},
		part{"held-out", func(p labelled) bool { return p.HeldOut }})
}

// scored is a pair's score and label.
type scored struct {
	score  float64
	copied bool
}

// figures are ROC-AUC (ties counted half) and the best F1 over all
// thresholds, with its threshold.
func figures(ss []scored) (auc, bestF1, at float64) {
	slices.SortFunc(ss, func(x, y scored) int { return cmp.Compare(y.score, x.score) })
	pos := 0
	for _, s := range ss {
		if s.copied {
			pos++
		}
	}
	neg := len(ss) - pos
	tp, fp := 0, 0
	var sum float64 // over the copied: independent pairs scoring below, ties half
	for i := 0; i < len(ss); {
		j, tpHere, fpHere := i, 0, 0
		for ; j < len(ss) && ss[j].score == ss[i].score; j++ {
			if ss[j].copied {
				tpHere++
			} else {
				fpHere++
			}
		}
		below := neg - fp - fpHere
		sum += float64(tpHere) * (float64(below) + float64(fpHere)/2)
		tp, fp = tp+tpHere, fp+fpHere
		if f := 2 * float64(tp) / float64(tp+fp+pos); f > bestF1 {
			bestF1, at = f, ss[i].score
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return 0, bestF1, at
	}
	return sum / float64(pos) / float64(neg), bestF1, at
}

// selfRSS is this process's peak resident memory in bytes.
func selfRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10
}

// simLine is SIM's -p output: "a consists for 87 % of b material".
var simLine = regexp.MustCompile(`^(.*) consists for (\d+) % of (.*) material$`)

// reportSIM runs SIM on each group of the set's files, each file in its
// own, with -p (percentages), -e (each pair), -s (not a file with
// itself), -a (both ways), -t1 (every pair of 1% or more), and scores a
// pair by the larger percentage, as the package does.
func reportSIM(s *set) {
	if _, err := exec.LookPath(s.SIM); err != nil || !exists("/usr/bin/time") {
		fmt.Printf("%-18s SIM: %s or /usr/bin/time is missing (apt-get install similarity-tester time)\n", s.Name, s.SIM)
		return
	}
	start := time.Now()
	got := map[[2]int]float64{}
	var rss int64
	for _, g := range s.Groups {
		dir, err := writeGroup(s, g)
		if err != nil {
			fmt.Printf("%-18s SIM: %v\n", s.Name, err)
			return
		}
		defer os.RemoveAll(dir)
		// Through /usr/bin/time: a child's peak memory from wait4 starts
		// at its parent's, this process's.
		cmd := exec.Command("/usr/bin/time", "-f", "%M", s.SIM, "-p", "-e", "-s", "-a", "-t1", "-i")
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		var names bytes.Buffer
		for x := range g {
			fmt.Fprintf(&names, "%d%s\n", x, s.Ext)
		}
		cmd.Stdin = &names
		out, err := cmd.Output()
		if err != nil {
			fmt.Printf("%-18s SIM: %s: %v\n", s.Name, s.SIM, err)
			return
		}
		if kb, err := strconv.ParseInt(strings.TrimSpace(lastLine(stderr.String())), 10, 64); err == nil {
			rss = max(rss, kb<<10)
		}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			m := simLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			a, b := fileIndex(m[1], g), fileIndex(m[3], g)
			pct, _ := strconv.Atoi(m[2])
			if a < 0 || b < 0 {
				continue
			}
			k := [2]int{min(a, b), max(a, b)}
			got[k] = max(got[k], float64(pct)/100)
		}
	}
	line(s, fmt.Sprintf("SIM %-36s", s.SIM), func(p labelled) float64 {
		return got[[2]int{min(p.A, p.B), max(p.A, p.B)}]
	}, time.Since(start), rss)
}

// lastLine is the last line of s.
func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}

// fileIndex is the set's index of the file SIM names ("12.java": the
// group's 12th file).
func fileIndex(name string, g []int) int {
	x, err := strconv.Atoi(filepath.Base(name[:len(name)-len(filepath.Ext(name))]))
	if err != nil || x < 0 || x >= len(g) {
		return -1
	}
	return g[x]
}

// perTask is the mean over a set's groups of the AUC within each: a
// class's batch is one task, and a TA ranks within it.
func perTask(s *set, all []scored) float64 {
	sum := 0.0
	for g := range s.Groups {
		var ss []scored
		for i, p := range s.Pairs {
			if p.Group == g {
				ss = append(ss, all[i])
			}
		}
		a, _, _ := figures(ss)
		sum += a
	}
	return sum / float64(len(s.Groups))
}
