package compare

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// TokenOptions are the flags of the default output validator of the Kattis
// problem package format, as problem.yaml's validator_flags gives them. The
// zero TokenOptions is the validator's default: case-insensitive, blind to
// changes of whitespace, no float tolerance.
type TokenOptions struct {
	CaseSensitive  bool // case_sensitive: tokens must match byte for byte
	SpaceSensitive bool // space_change_sensitive: whitespace must match byte for byte

	// AbsTol (float_absolute_tolerance) and RelTol
	// (float_relative_tolerance) count only where HasAbsTol and HasRelTol
	// say they were given, since 0 is a tolerance too: it compares numbers
	// by value, so that "1e5" matches "100000". They must be finite and
	// non-negative, as ParseValidatorFlags makes them.
	AbsTol, RelTol       float64
	HasAbsTol, HasRelTol bool
}

// The validator flags.
const (
	flagCase  = "case_sensitive"
	flagSpace = "space_change_sensitive"
	flagTol   = "float_tolerance"
	flagAbs   = "float_absolute_tolerance"
	flagRel   = "float_relative_tolerance"
)

// ParseValidatorFlags reads the default output validator's flags, one word
// an element, as strings.Fields cuts problem.yaml's validator_flags:
// case_sensitive, space_change_sensitive, float_absolute_tolerance ε,
// float_relative_tolerance ε and float_tolerance ε (both tolerances ε). A
// tolerance is a finite non-negative number written as a token is (see
// [Tokens]). As the specification says, a tolerance flag given twice, or
// float_tolerance given with either of the others, is an error.
func ParseValidatorFlags(flags []string) (TokenOptions, error) {
	var opt TokenOptions
	given := map[string]bool{}
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch f {
		case flagCase:
			opt.CaseSensitive = true
			continue
		case flagSpace:
			opt.SpaceSensitive = true
			continue
		case flagTol, flagAbs, flagRel:
		default:
			return TokenOptions{}, fmt.Errorf("unknown validator flag %q (want %s, %s, %s, %s or %s)",
				f, flagCase, flagSpace, flagTol, flagAbs, flagRel)
		}
		if given[f] {
			return TokenOptions{}, fmt.Errorf("validator flag %s is given twice", f)
		}
		given[f] = true
		for _, other := range []string{flagTol, flagAbs, flagRel} {
			if other != f && given[other] && (f == flagTol || other == flagTol) {
				return TokenOptions{}, fmt.Errorf("validator flag %s cannot be combined with %s", f, other)
			}
		}
		if i+1 == len(flags) {
			return TokenOptions{}, fmt.Errorf("validator flag %s needs a value", f)
		}
		i++
		v, ok := number(flags[i])
		switch {
		case !ok:
			return TokenOptions{}, fmt.Errorf("validator flag %s needs a number, got %q", f, flags[i])
		case v < 0:
			return TokenOptions{}, fmt.Errorf("validator flag %s must not be negative, got %s", f, flags[i])
		}
		v = math.Abs(v) // -0 is 0
		if f != flagRel {
			opt.AbsTol, opt.HasAbsTol = v, true
		}
		if f != flagAbs {
			opt.RelTol, opt.HasRelTol = v, true
		}
	}
	return opt, nil
}

// String returns the options as validator flags, in the order
// ParseValidatorFlags documents them; "" for the default.
func (o TokenOptions) String() string {
	var flags []string
	if o.CaseSensitive {
		flags = append(flags, flagCase)
	}
	if o.SpaceSensitive {
		flags = append(flags, flagSpace)
	}
	switch {
	case o.HasAbsTol && o.HasRelTol && o.AbsTol == o.RelTol:
		flags = append(flags, flagTol, formatFloat(o.AbsTol))
	default:
		if o.HasAbsTol {
			flags = append(flags, flagAbs, formatFloat(o.AbsTol))
		}
		if o.HasRelTol {
			flags = append(flags, flagRel, formatFloat(o.RelTol))
		}
	}
	return strings.Join(flags, " ")
}

// TokenMismatch says where and why an output differs from the answer under
// [Tokens], for a student.
//
// Expected and Got show the answer's and the output's token, or the runs of
// whitespace that differ, made visible and cut as [Mismatch] shows a line;
// "(end of output)" stands for a token one of them lacks, "(no whitespace)"
// for an empty run. Both are one line.
type TokenMismatch struct {
	// Token is the 1-based number of the token that differs, in both
	// outputs. When Space is set it is the number of the token the
	// differing whitespace follows, 0 for whitespace before the first.
	Token int
	// Line is the 1-based line of the output where the difference is: the
	// line of its token, of its first differing whitespace character, or,
	// when the output lacks tokens, of its last token (1 if it has none).
	Line   int
	Space  bool   // the whitespace after token Token differs, not a token
	Reason string // why, in a few words: "case differs", "expected 3 tokens, got 4", ...

	Expected, Got string
}

// noSpace holds a real space, as the markers of Mismatch do.
const noSpace = "(no whitespace)"

// String renders the mismatch as one line, such as
//
//	line 2, token 4: 4.01 is not within 1e-06 of 4 (expected "4", got "4.01")
func (m TokenMismatch) String() string {
	where := fmt.Sprintf("token %d", m.Token)
	switch {
	case m.Space && m.Token == 0:
		where = "before token 1"
	case m.Space:
		where = fmt.Sprintf("after token %d", m.Token)
	}
	return fmt.Sprintf("line %d, %s: %s (expected %s, got %s)", m.Line, where, m.Reason, quoteShown(m.Expected), quoteShown(m.Got))
}

// quoteShown quotes a token or whitespace made visible, but not a marker:
// only markers hold a real space.
func quoteShown(s string) string {
	if strings.Contains(s, " ") {
		return s
	}
	return `"` + s + `"`
}

// Tokens compares an output with the answer as the default output validator
// of the Kattis problem package format does, and returns nil when it accepts
// the output. The rules are those of the format's "Default output validator
// specification" in the words of its version 2025-09, which spells out what
// the legacy and 2023-07 versions leave to the reference implementation.
//
// Both are read as bytes and cut into tokens at runs of whitespace: space,
// tab, "\n", "\v", "\f" and "\r". They must have as many tokens, and each
// token of the output must match the answer's: byte for byte, except that
// ASCII letters match regardless of case unless opt.CaseSensitive (other
// letters, such as "É" and "é", must match exactly, as the specification
// says). With opt.SpaceSensitive the whitespace before, between and after
// the tokens must match byte for byte too: "\r\n" is not "\n", and a missing
// final newline is a difference.
//
// With a tolerance, a token of the answer that is a number is compared by
// value instead: the output's token must be a number s with |s-a| ≤ AbsTol
// or |s-a| ≤ RelTol·|a|, a being the answer's (only the tolerances given
// count). The values are those written, in decimal, and the tolerances
// those given (their shortest decimals): with AbsTol 0.01, "3.76" is within
// it of "3.77", though their doubles differ by 0.010000000000000231. A pair
// whose doubles are within the tolerance, as the reference implementation
// compares, is accepted too; a number longer than 1000 bytes, or with an
// exponent beyond ±1000, is compared as a double only. A rejection names
// the exact difference. Integers are numbers, so "100000" matches "1e5". The
// specification takes numbers to be "the external character sequences
// defined by IEEE 754-2008", up to double precision. Here a number is a
// finite double written as such a sequence: an optional sign, then either
// decimal digits with at most one point and an optional exponent ("-1",
// "+.5", "2.", "6.02e23"), or "0x" and hexadecimal digits with at most one
// point and an optional binary exponent ("0x1.8p1"); case does not matter.
// Infinities and NaN are not numbers, as in the reference implementation
// (Kattis's problemtools), since no tolerance can hold them: an answer's
// "inf" or "NaN" is compared as a string, and an output's is not accepted
// for a number. Neither is a value beyond the range of a double ("1e400");
// one too small for it is 0.
//
// The cost is linear in the sizes of the outputs.
func Tokens(want, got []byte, opt TokenOptions) *TokenMismatch {
	w, g := cursor{b: want, line: 1}, cursor{b: got, line: 1}
	lastLine := 1 // of the output's last token
	for n := 1; ; n++ {
		spaceLine := g.line
		ws, gs := w.space(), g.space()
		if opt.SpaceSensitive && !bytes.Equal(ws, gs) {
			i := 0
			for i < len(ws) && i < len(gs) && ws[i] == gs[i] {
				i++
			}
			m := &TokenMismatch{Token: n - 1, Line: spaceLine + bytes.Count(gs[:i], []byte{'\n'}), Space: true, Reason: "whitespace differs"}
			m.Expected, m.Got = showPair(text{lines: [][]byte{ws}}, text{lines: [][]byte{gs}}, 0, Strict)
			m.Expected, m.Got = spaceShown(m.Expected), spaceShown(m.Got)
			return m
		}
		wt, gt := w.token(), g.token()
		var m *TokenMismatch
		switch {
		case wt == nil && gt == nil:
			return nil
		case wt == nil:
			m = &TokenMismatch{Token: n, Line: g.line}
			m.Reason = tokenCount(n-1, n+g.count()) // count moves g on
		case gt == nil:
			m = &TokenMismatch{Token: n, Line: lastLine, Reason: tokenCount(n+w.count(), n-1)}
		default:
			reason := tokenDiff(wt, gt, opt)
			if reason == "" {
				lastLine = g.line
				continue
			}
			m = &TokenMismatch{Token: n, Line: g.line, Reason: reason}
		}
		mode := IgnoreCase
		if opt.CaseSensitive {
			mode = Strict
		}
		m.Expected, m.Got = showPair(oneToken(wt), oneToken(gt), 0, mode)
		return m
	}
}

func tokenCount(want, got int) string {
	if want == 1 {
		return fmt.Sprintf("expected 1 token, got %d", got)
	}
	return fmt.Sprintf("expected %d tokens, got %d", want, got)
}

// oneToken makes a token a one-line text for showPair; nil is a token the
// output lacks.
func oneToken(t []byte) text {
	if t == nil {
		return text{}
	}
	return text{lines: [][]byte{t}}
}

// spaceShown turns showPair's note for an empty line into one for an empty
// run of whitespace.
func spaceShown(s string) string {
	if s == emptyLine {
		return noSpace
	}
	return s
}

// tokenDiff says why the output's token got does not match the answer's
// want, or returns "" when it does.
func tokenDiff(want, got []byte, opt TokenOptions) string {
	if opt.HasAbsTol || opt.HasRelTol {
		if a, ok := number(want); ok {
			s, ok := number(got)
			if !ok {
				return "expected a number"
			}
			return numberDiff(want, got, a, s, opt)
		}
	}
	if bytes.Equal(want, got) || !opt.CaseSensitive && asciiEqualFold(want, got) {
		return ""
	}
	switch {
	case opt.CaseSensitive && foldEqual(want, got):
		return "case differs"
	case foldEqual(want, got):
		return "tokens differ; only ASCII letters match regardless of case"
	}
	if !opt.HasAbsTol && !opt.HasRelTol {
		a, ok1 := number(want)
		s, ok2 := number(got)
		if ok1 && ok2 && a == s {
			return "the same number, written differently; without a float tolerance tokens must match exactly"
		}
	}
	return "tokens differ"
}

// tolerance describes the tolerances given, for a reason.
func (o TokenOptions) tolerance() string {
	abs, rel := formatFloat(o.AbsTol), formatFloat(o.RelTol)
	switch {
	case o.HasAbsTol && o.HasRelTol && abs == rel:
		return abs + " (absolute or relative)"
	case o.HasAbsTol && o.HasRelTol:
		return abs + " (absolute) or " + rel + " (relative)"
	case o.HasRelTol:
		return rel + " (relative)"
	}
	return abs
}

// asciiEqualFold reports whether a and b are equal when ASCII letters are
// lowered, as the validator compares tokens.
func asciiEqualFold(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

// isSpace reports whether c is whitespace to the validator: the bytes C's
// isspace accepts in the "C" locale.
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// cursor walks an output as alternating runs of whitespace and tokens, and
// keeps the line it is on.
type cursor struct {
	b    []byte // what is left
	line int
}

// space cuts the whitespace off the front of what is left.
func (c *cursor) space() []byte {
	i := 0
	for i < len(c.b) && isSpace(c.b[i]) {
		if c.b[i] == '\n' {
			c.line++
		}
		i++
	}
	s := c.b[:i]
	c.b = c.b[i:]
	return s
}

// token cuts a token off the front of what is left, which must not start
// with whitespace; nil at the end.
func (c *cursor) token() []byte {
	i := 0
	for i < len(c.b) && !isSpace(c.b[i]) {
		i++
	}
	if i == 0 {
		return nil
	}
	t := c.b[:i]
	c.b = c.b[i:]
	return t
}

// count counts the tokens left.
func (c *cursor) count() int {
	n := 0
	for c.space(); c.token() != nil; c.space() {
		n++
	}
	return n
}

// number reads a token, or a tolerance, as a finite number (see [Tokens]).
func number[T ~string | ~[]byte](s T) (float64, bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	hex := i+1 < len(s) && s[i] == '0' && s[i+1]|0x20 == 'x'
	digit, exp := isDigit, byte('e')
	if hex {
		i += 2
		digit, exp = isHexDigit, 'p'
	}
	digits, point := 0, false
mantissa:
	for ; i < len(s); i++ {
		switch {
		case digit(s[i]):
			digits++
		case s[i] == '.' && !point:
			point = true
		default:
			break mantissa
		}
	}
	if digits == 0 {
		return 0, false
	}
	hasExp := i < len(s) && s[i]|0x20 == exp
	if hasExp {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == start {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	// The syntax is checked above, not left to ParseFloat: it takes
	// "1_000", "Inf" and "NaN" too, and wants a hexadecimal mantissa's
	// exponent.
	str := string(s)
	if hex && !hasExp {
		str += "p0"
	}
	v, err := strconv.ParseFloat(str, 64)
	if err != nil { // out of range; an underflow is 0 without an error
		return 0, false
	}
	return v, true
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// numberDiff says why the output's number got (s as a double) is not
// within the tolerance of the answer's want (a), or returns "" when it is.
func numberDiff(want, got []byte, a, s float64, opt TokenOptions) string {
	d := math.Abs(s - a)
	if opt.HasAbsTol && d <= opt.AbsTol || opt.HasRelTol && d <= opt.RelTol*math.Abs(a) {
		return ""
	}
	w, okw := parseDecimal(want)
	g, okg := parseDecimal(got)
	if !okw || !okg {
		return fmt.Sprintf("%s is not within %s of %s", formatFloat(s), opt.tolerance(), formatFloat(a))
	}
	diff := g.sub(w)
	diff.m.Abs(diff.m)
	if opt.HasAbsTol && diff.cmp(toleranceOf(opt.AbsTol)) <= 0 {
		return ""
	}
	if opt.HasRelTol {
		w.m.Abs(w.m)
		if diff.cmp(toleranceOf(opt.RelTol).mul(w)) <= 0 {
			return ""
		}
	}
	return fmt.Sprintf("%s is not within %s of %s: they differ by %s", shownNumber(got), opt.tolerance(), shownNumber(want), diff.text())
}
