package compare

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Numbers under a tolerance are compared as people read them: as the
// decimals they are written as. The answer 3.77 and the output 3.76 differ
// by 0.01 exactly, which a tolerance of 0.01 holds, though in doubles
// 3.77-3.76 is 0.010000000000000231. A pair that doubles compare within
// the tolerance, as the Kattis reference implementation does, is accepted
// too: a student never loses a case the reference would give.

// maxExact bounds what is compared exactly: a number written in more bytes,
// or with an exponent beyond ±maxExact, is compared as a double only, so
// that no output makes the comparison slow (10^1000000000 is no number to
// compute). No one reads such a number as a decimal anyway.
const maxExact = 1000

// numberDiff says why the output's number got (s as a double) is not
// within the tolerance of the answer's want (a), or returns "" when it is.
func numberDiff(want, got []byte, a, s float64, opt TokenOptions) string {
	d := math.Abs(s - a)
	if opt.HasAbsTol && d <= opt.AbsTol || opt.HasRelTol && d <= opt.RelTol*math.Abs(a) {
		return ""
	}
	wr, gr := exact(want), exact(got)
	if wr == nil || gr == nil {
		return fmt.Sprintf("%s is not within %s of %s", formatFloat(s), opt.tolerance(), formatFloat(a))
	}
	diff := new(big.Rat).Sub(gr, wr)
	diff.Abs(diff)
	if opt.HasAbsTol && diff.Cmp(decimalOf(opt.AbsTol)) <= 0 {
		return ""
	}
	if opt.HasRelTol && diff.Cmp(new(big.Rat).Mul(decimalOf(opt.RelTol), new(big.Rat).Abs(wr))) <= 0 {
		return ""
	}
	return fmt.Sprintf("%s is not within %s of %s: they differ by %s", shownNumber(got), opt.tolerance(), shownNumber(want), decimalText(diff))
}

// exact is a number token's exact value, as written; nil when it is
// beyond what is compared exactly (maxExact).
func exact(tok []byte) *big.Rat {
	if len(tok) > maxExact {
		return nil
	}
	s, marks := string(tok), "eE"
	if isHex(s) {
		marks = "pP"
	}
	if i := strings.IndexAny(s, marks); i >= 0 {
		if e, err := strconv.Atoi(s[i+1:]); err != nil || e > maxExact || e < -maxExact {
			return nil
		}
	} else if isHex(s) {
		s += "p0"
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}

// isHex reports whether a number token is written in hexadecimal.
func isHex(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'x'
}

// decimalOf is a tolerance's value as it was written: the shortest decimal
// that reads as its double (0.01, not 0.01000000000000000020816681711721685).
func decimalOf(tol float64) *big.Rat {
	r, _ := new(big.Rat).SetString(formatFloat(tol))
	return r
}

// shownNumber is a number token as written, cut when long; it is a
// number, so it holds nothing that needs escaping.
func shownNumber(tok []byte) string {
	const max = 40
	if len(tok) > max {
		return string(tok[:max-5]) + "…"
	}
	return string(tok)
}

// maxDigits bounds the significant digits of a difference shown.
const maxDigits = 30

// decimalText writes a positive difference of two numbers in decimal:
// exactly when it has at most maxDigits significant digits, else rounded
// up to them with "about" before, so that a difference past a tolerance is
// never shown as the tolerance.
func decimalText(r *big.Rat) string {
	// r = m / 10^k with m an integer: its denominator is 2^i·5^j, as that
	// of a difference of decimals or binary fractions is, and k = max(i, j).
	k := max(factors(r.Denom(), 2), factors(r.Denom(), 5))
	m := new(big.Int).Mul(r.Num(), pow10(k))
	m.Quo(m, r.Denom())
	about := ""
	if cut := len(m.String()) - maxDigits; cut > 0 {
		unit := pow10(cut)
		q, rest := new(big.Int).QuoRem(m, unit, new(big.Int))
		if rest.Sign() != 0 {
			q.Add(q, big.NewInt(1))
			about = "about "
		}
		m = q.Mul(q, unit)
	}
	return about + pointed(m.String(), k)
}

// factors counts the factors p of n.
func factors(n *big.Int, p int64) int {
	q, rem, bp := new(big.Int).Set(n), new(big.Int), big.NewInt(p)
	c := 0
	for {
		next, _ := new(big.Int).QuoRem(q, bp, rem)
		if rem.Sign() != 0 {
			return c
		}
		q = next
		c++
	}
}

func pow10(k int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil) }

// pointed writes the integer digits divided by 10^k in decimal, in
// exponent form when it would be long.
func pointed(digits string, k int) string {
	trimmed := strings.TrimRight(digits, "0")
	exp := len(digits) - 1 - k // the exponent of the first digit
	sig := trimmed
	if exp < -6 || exp > 20 {
		mant := sig[:1]
		if len(sig) > 1 {
			mant += "." + sig[1:]
		}
		return fmt.Sprintf("%se%+03d", mant, exp)
	}
	if k == 0 {
		return digits
	}
	if len(digits) <= k {
		digits = strings.Repeat("0", k-len(digits)+1) + digits
	}
	s := digits[:len(digits)-k] + "." + digits[len(digits)-k:]
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}
