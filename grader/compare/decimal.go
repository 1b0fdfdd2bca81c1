package compare

import (
	"fmt"
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

// decimal is the number m·10^e, exactly.
type decimal struct {
	m *big.Int
	e int
}

// parseDecimal is a number token's exact value, as written (see [Tokens]
// for the syntax, which the token has); false when it is beyond what is
// compared exactly (maxExact). A hexadecimal number, h·2^p, is a decimal
// too: h·5^-p·10^p for a negative p.
func parseDecimal(tok []byte) (decimal, bool) {
	if len(tok) > maxExact {
		return decimal{}, false
	}
	s, neg := string(tok), false
	if s[0] == '+' || s[0] == '-' {
		s, neg = s[1:], s[0] == '-'
	}
	base, marks := 10, "eE"
	if isHex(s) {
		s, base, marks = s[2:], 16, "pP"
	}
	exp := 0
	if i := strings.IndexAny(s, marks); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		if err != nil || e > maxExact || e < -maxExact {
			return decimal{}, false
		}
		s, exp = s[:i], e
	}
	whole, frac, _ := strings.Cut(s, ".")
	m, ok := new(big.Int).SetString(whole+frac, base)
	if !ok {
		return decimal{}, false
	}
	if neg {
		m.Neg(m)
	}
	if base == 10 {
		return decimal{m, exp - len(frac)}, true
	}
	p := exp - 4*len(frac) // m·2^p
	if p >= 0 {
		return decimal{m.Lsh(m, uint(p)), 0}, true
	}
	return decimal{m.Mul(m, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-p)), nil)), p}, true
}

// toleranceOf is a tolerance's value as it was written: the shortest
// decimal that reads as its double (0.01, not
// 0.01000000000000000020816681711721685).
func toleranceOf(tol float64) decimal {
	d, _ := parseDecimal([]byte(formatFloat(tol)))
	return d
}

// scaled is x's mantissa for the exponent e ≤ x.e.
func (x decimal) scaled(e int) *big.Int {
	if x.e == e {
		return x.m
	}
	return new(big.Int).Mul(x.m, pow10(x.e-e))
}

// sub is x-y.
func (x decimal) sub(y decimal) decimal {
	e := min(x.e, y.e)
	return decimal{new(big.Int).Sub(x.scaled(e), y.scaled(e)), e}
}

// mul is x·y.
func (x decimal) mul(y decimal) decimal { return decimal{new(big.Int).Mul(x.m, y.m), x.e + y.e} }

// cmp compares x and y as big.Int.Cmp does.
func (x decimal) cmp(y decimal) int {
	e := min(x.e, y.e)
	return x.scaled(e).Cmp(y.scaled(e))
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

// text writes a positive difference of two numbers in decimal: exactly
// when it has at most maxDigits significant digits, else rounded up to
// them with "about" before, so that a difference past a tolerance is never
// shown as the tolerance.
func (x decimal) text() string {
	m, k := x.m, -x.e // x = m/10^k
	if k < 0 {
		m, k = new(big.Int).Mul(m, pow10(-k)), 0
	}
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

// pow10s are the powers of ten most comparisons need.
var pow10s = func() []*big.Int {
	p := make([]*big.Int, 40)
	for i := range p {
		p[i] = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(i)), nil)
	}
	return p
}()

// pow10 is 10^k, k ≥ 0; not to be changed.
func pow10(k int) *big.Int {
	if k < len(pow10s) {
		return pow10s[k]
	}
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
}

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

// isHex reports whether a number token, its sign cut off, is written in
// hexadecimal.
func isHex(s string) bool { return len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'x' }

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
