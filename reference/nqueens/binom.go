package nqueens

import "math"

// Below returns P(X < k) for X ~ Binomial(r, p): the chance that fewer
// than k of r runs succeed when each succeeds with probability p.
func Below(r, k int, p float64) float64 {
	sum := 0.0
	for x := 0; x < k && x <= r; x++ {
		sum += pmf(r, x, p)
	}
	return min(sum, 1)
}

// AtLeast returns P(X >= k) for X ~ Binomial(r, p).
func AtLeast(r, k int, p float64) float64 {
	sum := 0.0
	for x := max(k, 0); x <= r; x++ {
		sum += pmf(r, x, p)
	}
	return min(sum, 1)
}

// pmf is P(X = x) for X ~ Binomial(r, p), in logarithms so that r up to
// 1000 neither overflows nor underflows early.
func pmf(r, x int, p float64) float64 {
	switch {
	case p <= 0:
		return b2f(x == 0)
	case p >= 1:
		return b2f(x == r)
	}
	lr, _ := math.Lgamma(float64(r + 1))
	lx, _ := math.Lgamma(float64(x + 1))
	ly, _ := math.Lgamma(float64(r - x + 1))
	return math.Exp(lr - lx - ly + float64(x)*math.Log(p) + float64(r-x)*math.Log1p(-p))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Choose returns the K of r runs that a part needs passed, given the rate
// p1 of a correct program and the rate p0 of the best broken one: the K
// whose larger error, a correct program failed (Below(r, K, p1)) or a
// broken one passed (AtLeast(r, K, p0)), is least; on a tie the larger K.
func Choose(r int, p1, p0 float64) int {
	best, bestErr := 1, math.Inf(1)
	for k := 1; k <= r; k++ {
		if e := max(Below(r, k, p1), AtLeast(r, k, p0)); e <= bestErr {
			best, bestErr = k, e
		}
	}
	return best
}

// Z is the normal quantile of the confidence bounds on measured rates:
// 3.29, two-sided 99.9%.
const Z = 3.29

// Wilson returns the Wilson score interval of a rate measured as ok
// successes in n trials, at Z.
func Wilson(ok, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p, nf, z2 := float64(ok)/float64(n), float64(n), Z*Z
	mid := (p + z2/(2*nf)) / (1 + z2/nf)
	half := Z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = max(mid-half, 0), min(mid+half, 1)
	// Exact at the ends, which rounding would miss.
	if ok == 0 {
		lo = 0
	}
	if ok == n {
		hi = 1
	}
	return lo, hi
}
