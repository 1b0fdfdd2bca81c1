package similarity

// Closest is a submission's most similar other: its ID, the pair's score
// and rank (1-based) among the pairs, and whether the pair is aligned
// (shown side by side in similarity.html, as #p-<rank>).
type Closest struct {
	Other   string
	Score   float64
	Rank    int
	Aligned bool
}

// Closest is each compared submission's most similar other (pairs are
// best first: the first pair a submission is in).
func (r *Result) Closest() map[string]Closest {
	out := map[string]Closest{}
	for i, p := range r.Pairs {
		for _, x := range [][2]int{{p.A, p.B}, {p.B, p.A}} {
			id := r.Docs[x[0]].ID
			if _, ok := out[id]; !ok {
				out[id] = Closest{Other: r.Docs[x[1]].ID, Score: p.Score(), Rank: i + 1, Aligned: i < r.Aligned}
			}
		}
	}
	return out
}
