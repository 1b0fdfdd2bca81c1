package similarity

import (
	"fmt"
	"slices"
)

// Threshold is a score from which a TA is advised to look at a pair, and
// how it was found.
type Threshold struct {
	Score float64
	// How says how it was found: the widest gap between the submissions'
	// highest scores (below and above it), or a split of them into two
	// groups (Otsu's method: the most variance between them).
	How string
	// Below and Above are the highest scores either side of a gap.
	Below, Above float64
}

// minGap is the narrowest gap between highest scores taken as a
// threshold; a narrower one is no sign of two kinds of submission.
const minGap = 0.1

// Suggest is a threshold for a batch's highest scores (each submission's
// score with its most similar other): the middle of the widest gap
// between two of them, among those at least their first quartile (a
// gap between the few that share nothing and the rest is no
// threshold), when it is 10
// points wide or more; else the split of them into two groups that
// leaves the most variance between the groups, when the groups are
// apart; else 50%. ok is false for fewer than four scores.
func Suggest(highest []float64) (t Threshold, ok bool) {
	s := slices.Clone(highest)
	slices.Sort(s)
	if len(s) < 4 {
		return Threshold{}, false
	}
	quartile := s[len(s)/4]
	best := -1
	for i := range len(s) - 1 {
		if s[i] >= quartile && (best < 0 || s[i+1]-s[i] > s[best+1]-s[best]) {
			best = i
		}
	}
	if best >= 0 && s[best+1]-s[best] >= minGap {
		lo, hi := s[best], s[best+1]
		return Threshold{Score: (lo + hi) / 2, Below: lo, Above: hi,
			How: fmt.Sprintf("the middle of the widest gap between the submissions' highest scores (none between %s%% and %s%%)", pct(lo), pct(hi))}, true
	}
	if cut, ok := otsu(s); ok {
		return Threshold{Score: cut, How: "the split of the highest scores into two groups with the most variance between them (no clear gap)"}, true
	}
	return Threshold{Score: defaultThreshold, How: fmt.Sprintf("the default: the highest scores, from %s%% to %s%%, show no gap nor two groups", pct(s[0]), pct(s[len(s)-1]))}, true
}

// defaultThreshold is the threshold of a batch whose highest scores are
// one group.
const defaultThreshold = 0.5

// otsu is the cut of sorted values into two groups that maximises the
// variance between them (Otsu 1979, on values rather than a histogram):
// the middle between the last of the lower group and the first of the
// upper. ok is false when the groups' means are less than a minimal gap
// apart: one group.
func otsu(s []float64) (cut float64, ok bool) {
	var total float64
	for _, x := range s {
		total += x
	}
	best, spread := -1.0, 0.0
	var sum float64
	for i := range len(s) - 1 {
		sum += s[i]
		if s[i] == s[i+1] {
			continue
		}
		n0, n1 := float64(i+1), float64(len(s)-i-1)
		m0, m1 := sum/n0, (total-sum)/n1
		if v := n0 * n1 * (m1 - m0) * (m1 - m0); v > best {
			best, cut, spread = v, (s[i]+s[i+1])/2, m1-m0
		}
	}
	return cut, spread >= minGap
}

// Highest is each compared submission's highest score (0 for one that
// shares nothing), by index into r.Docs; those not compared, and those of
// a corpus, are left out.
func (r *Result) Highest() map[int]float64 {
	out := map[int]float64{}
	for i, d := range r.Docs {
		if d.Problem == "" && !d.Corpus {
			out[i] = 0
		}
	}
	for _, p := range r.Pairs { // best first: the first pair a document is in
		for _, x := range []int{p.A, p.B} {
			if v, ok := out[x]; ok && v == 0 {
				out[x] = p.Score()
			}
		}
	}
	return out
}
