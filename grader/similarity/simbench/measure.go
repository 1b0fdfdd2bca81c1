//go:build unix

package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
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

// report scores a set's pairs with package similarity and prints the
// figures, for each way of making one score of a pair's two shares.
func report(s *set, st similarity.Settings, tiling bool) {
	start := time.Now()
	type shares struct{ ab, ba float64 }
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
			got[[2]int{g[p.A], g[p.B]}] = shares{p.AB, p.BA}
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
					tiled[[2]int{p.A, p.B}] = shares{ab, ba}
				}
			}
		}
	}
	if tiling {
		got = tiled
	}
	elapsed := time.Since(start)
	for _, way := range []struct {
		name string
		f    func(a, b float64) float64
	}{{"max", func(a, b float64) float64 { return max(a, b) }}, {"mean", func(a, b float64) float64 { return (a + b) / 2 }}, {"min", func(a, b float64) float64 { return min(a, b) }}} {
		scores := make([]scored, len(s.Pairs))
		for i, p := range s.Pairs {
			sh, ok := got[[2]int{p.A, p.B}]
			if !ok {
				sh = got[[2]int{p.B, p.A}]
			}
			scores[i] = scored{way.f(sh.ab, sh.ba), p.Copied}
		}
		auc, f1, at := figures(scores)
		fmt.Printf("%-18s autograder %s k=%-2d w=%-2d c=%-3.0f %-4s  AUC %.3f  best F1 %.3f (at %.2f)  %d pairs  %v  peak RSS %d MB\n",
			s.Name, method, st.K, st.W, 100*st.Common, way.name, auc, f1, at, len(scores), elapsed.Round(time.Millisecond), selfRSS()>>20)
	}
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
	elapsed := time.Since(start)
	scores := make([]scored, len(s.Pairs))
	for i, p := range s.Pairs {
		scores[i] = scored{got[[2]int{min(p.A, p.B), max(p.A, p.B)}], p.Copied}
	}
	auc, f1, at := figures(scores)
	fmt.Printf("%-18s SIM %-19s  AUC %.3f  best F1 %.3f (at %.2f)  %d pairs  %v  peak RSS %d MB\n",
		s.Name, s.SIM, auc, f1, at, len(scores), elapsed.Round(time.Millisecond), rss>>20)
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
