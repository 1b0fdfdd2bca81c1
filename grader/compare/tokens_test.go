package compare

import (
	"bytes"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tokenCases hold, for validator flags and a pair of outputs, how Tokens
// explains the mismatch; "" when it accepts the output.
var tokenCases = []struct {
	name      string
	flags     string // validator_flags
	want, got string
	mismatch  string
}{
	// Default: any whitespace, ASCII case ignored.
	{"identical", "", "1 2\n", "1 2\n", ""},
	{"both empty", "", "", "", ""},
	{"empty vs blank", "", "", "\n \t\r\n", ""},
	{"blank vs empty", "", " \n\n", "", ""},
	{"trailing whitespace", "", "1 2\n", "1 2   \n\n\n", ""},
	{"no final newline", "", "1 2\n", "1 2", ""},
	{"CRLF", "", "1\n2\n", "1\r\n2\r\n", ""},
	{"CRLF answer", "", "1\r\n2\r\n", "1\n2\n", ""},
	{"any whitespace", "", "1 2\n3\n", "\t1\n2\v\f3", ""},
	{"lines do not matter", "", "1\n2\n3\n", "1 2 3", ""},
	{"ASCII case", "", "Solved\n", "SOLVED\n", ""},
	{"NaN case", "", "NaN\n", "nan\n", ""},
	{"Unicode case", "", "été\n", "ÉTÉ\n", `line 1, token 1: tokens differ; only ASCII letters match regardless of case (expected "été", got "ÉTÉ")`},
	{"Kelvin sign", "", "k\n", "\u212a\n", "line 1, token 1: tokens differ; only ASCII letters match regardless of case (expected \"k\", got \"\u212a\")"},
	{"no-break space is no whitespace", "", "1 2\n", "1\u00a02\n", `line 1, token 1: tokens differ (expected "1", got "1<U+00A0>2")`},
	{"NUL is no whitespace", "", "1 2\n", "1\x002\n", `line 1, token 1: tokens differ (expected "1", got "1␀2")`},
	{"invalid UTF-8 differs", "", "\xff\n", "\xfe\n", `line 1, token 1: tokens differ (expected "\xff", got "\xfe")`},
	{"invalid UTF-8 same", "", "\xffA\n", "\xffa\n", ""},
	{"token differs", "", "1\n2 3\n", "1\n2 4\n", `line 2, token 3: tokens differ (expected "3", got "4")`},
	{"lone CR is no line", "", "a b\n", "a\rc\n", `line 1, token 2: tokens differ (expected "b", got "c")`},
	{"extra token", "", "1 2 3\n", "1 2 3 4\n", `line 1, token 4: expected 3 tokens, got 4 (expected (end of output), got "4")`},
	{"extra tokens", "", "1\n", "1\n\n2 3\n4\n", `line 3, token 2: expected 1 token, got 4 (expected (end of output), got "2")`},
	{"missing token", "", "1\n2\n3\n", "1\n2\n\n", `line 2, token 3: expected 3 tokens, got 2 (expected "3", got (end of output))`},
	{"empty output", "", "1\n", "", `line 1, token 1: expected 1 token, got 0 (expected "1", got (end of output))`},
	{"blank output", "", "1 2\n", "\n\n", `line 1, token 1: expected 2 tokens, got 0 (expected "1", got (end of output))`},
	{"empty answer", "", "", "x", `line 1, token 1: expected 0 tokens, got 1 (expected (end of output), got "x")`},
	{"first difference before count", "", "1 2 3\n", "1 9\n", `line 1, token 2: tokens differ (expected "2", got "9")`},
	{"numbers as strings", "", "100000\n", "1e5\n", `line 1, token 1: the same number, written differently; without a float tolerance tokens must match exactly (expected "100000", got "1e5")`},
	{"4 vs 4.0", "", "4\n", "4.0\n", `line 1, token 1: the same number, written differently; without a float tolerance tokens must match exactly (expected "4", got "4.0")`},
	{"1e5 vs 1E5", "", "1e5\n", "1E5\n", ""},
	{"near number", "", "4\n", "4.0000001\n", `line 1, token 1: tokens differ (expected "4", got "4.0000001")`},

	// case_sensitive
	{"case", "case_sensitive", "Solved\n", "solved\n", `line 1, token 1: case differs (expected "Solved", got "solved")`},
	{"case same", "case_sensitive", "Solved\n", "Solved \n", ""},
	{"case NaN", "case_sensitive", "NaN\n", "nan\n", `line 1, token 1: case differs (expected "NaN", got "nan")`},
	{"case Unicode", "case_sensitive", "été\n", "ÉTÉ\n", `line 1, token 1: case differs (expected "été", got "ÉTÉ")`},
	{"case other", "case_sensitive", "abc\n", "abd\n", `line 1, token 1: tokens differ (expected "abc", got "abd")`},
	{"case exponent", "case_sensitive", "1e5\n", "1E5\n", `line 1, token 1: case differs (expected "1e5", got "1E5")`},
	{"case still blind to space", "case_sensitive", "a b\n", "a\n\nb", ""},

	// space_change_sensitive
	{"space same", "space_change_sensitive", "1 2\n3\n", "1 2\n3\n", ""},
	{"space ignores case", "space_change_sensitive", "A\n", "a\n", ""},
	{"space both empty", "space_change_sensitive", "", "", ""},
	{"space amount", "space_change_sensitive", "1 2\n", "1  2\n", `line 1, after token 1: whitespace differs (expected "·", got "··")`},
	{"space tab", "space_change_sensitive", "1 2\n", "1\t2\n", `line 1, after token 1: whitespace differs (expected "·", got "→")`},
	{"space CRLF", "space_change_sensitive", "1\n2\n", "1\r\n2\r\n", `line 1, after token 1: whitespace differs (expected "␊", got "␍␊")`},
	{"space no final newline", "space_change_sensitive", "1\n", "1", `line 1, after token 1: whitespace differs (expected "␊", got (no whitespace))`},
	{"space extra newline", "space_change_sensitive", "1\n", "1\n\n", `line 2, after token 1: whitespace differs (expected "␊", got "␊␊")`},
	{"space trailing space", "space_change_sensitive", "1\n", "1 \n", `line 1, after token 1: whitespace differs (expected "␊", got "·␊")`},
	{"space leading", "space_change_sensitive", "1\n", " 1\n", `line 1, before token 1: whitespace differs (expected (no whitespace), got "·")`},
	{"space empty vs newline", "space_change_sensitive", "", "\n", `line 1, before token 1: whitespace differs (expected (no whitespace), got "␊")`},
	{"space line of difference", "space_change_sensitive", "1\n2\n\n3\n", "1\n2\n\n\n3\n", `line 4, after token 2: whitespace differs (expected "␊␊", got "␊␊␊")`},
	{"space then count", "space_change_sensitive", "1\n", "1\n2\n", `line 2, token 2: expected 1 token, got 2 (expected (end of output), got "2")`},
	{"space before count", "space_change_sensitive", "1 2\n", "1 2 3\n", `line 1, after token 2: whitespace differs (expected "␊", got "·")`},
	{"space token first", "space_change_sensitive", "1 2\n", "1 3  \n", `line 1, token 2: tokens differ (expected "2", got "3")`},

	// Float tolerances.
	{"within", "float_tolerance 1e-6", "4\n", "4.0000001\n", ""},
	{"not within", "float_tolerance 1e-6", "4\n", "4.01\n", `line 1, token 1: 4.01 is not within 1e-06 (absolute or relative) of 4: they differ by 0.01 (expected "4", got "4.01")`},
	{"absolute boundary", "float_absolute_tolerance 0.5", "1\n", "1.5\n", ""},
	{"absolute boundary below", "float_absolute_tolerance 0.5", "1\n", "0.5\n", ""},
	{"absolute past boundary", "float_absolute_tolerance 0.5", "1\n", "1.5000001\n", `line 1, token 1: 1.5000001 is not within 0.5 of 1: they differ by 0.5000001 (expected "1", got "1.5000001")`},
	{"relative boundary", "float_relative_tolerance 0.5", "100\n", "150\n", ""},
	{"relative past boundary", "float_relative_tolerance 0.5", "100\n", "151\n", `line 1, token 1: 151 is not within 0.5 (relative) of 100: they differ by 51 (expected "100", got "151")`},
	{"relative to the answer", "float_relative_tolerance 0.5", "100\n", "50\n", ""},
	{"relative not to the output", "float_relative_tolerance 0.5", "50\n", "100\n", `line 1, token 1: 100 is not within 0.5 (relative) of 50: they differ by 50 (expected "50", got "100")`},
	{"relative at zero", "float_relative_tolerance 0.5", "0\n", "1e-300\n", `line 1, token 1: 1e-300 is not within 0.5 (relative) of 0: they differ by 1e-300 (expected "0", got "1e-300")`},
	{"either tolerance", "float_absolute_tolerance 1e-9 float_relative_tolerance 1e-3", "1000\n", "1000.5\n", ""},
	{"neither tolerance", "float_absolute_tolerance 1e-9 float_relative_tolerance 1e-3", "0\n", "0.0001\n", `line 1, token 1: 0.0001 is not within 1e-09 (absolute) or 0.001 (relative) of 0: they differ by 0.0001 (expected "0", got "0.0001")`},
	{"spec example", "float_tolerance 1e-9", "0.0314\n", "3.14000000e-2\n", ""},
	{"exponent vs integer", "float_tolerance 0", "100000\n", "1e5\n", ""},
	{"exponent forms", "float_tolerance 0", "1E5 1e5\n", "1e+05 10E4\n", ""},
	{"negative exponent", "float_tolerance 0", "0.001\n", "1e-3\n", ""},
	{"zero tolerance", "float_tolerance 0", "0.1\n", "0.10000000000000001\n", ""},
	{"zero tolerance differs", "float_tolerance 0", "0.3\n", "0.30000000000000004\n", `line 1, token 1: 0.30000000000000004 is not within 0 (absolute or relative) of 0.3: they differ by 4e-17 (expected "0.3", got "0.30000000000000004")`},
	{"leading plus output", "float_tolerance 1e-6", "4\n", "+4.0\n", ""},
	{"leading plus answer", "float_tolerance 1e-6", "+4\n", "4\n", ""},
	{"bare points", "float_tolerance 1e-6", ".5 2.\n", "0.5 2\n", ""},
	{"negative zero", "float_tolerance 0", "0\n", "-0\n", ""},
	{"integer vs float", "float_tolerance 1e-6", "3\n", "3.0000000001\n", ""},
	{"integer vs far float", "float_tolerance 1e-6", "3\n", "3.5\n", `line 1, token 1: 3.5 is not within 1e-06 (absolute or relative) of 3: they differ by 0.5 (expected "3", got "3.5")`},
	{"not a number", "float_tolerance 1e-6", "3\n", "three\n", `line 1, token 1: expected a number (expected "3", got "three")`},
	{"digit separators", "float_tolerance 1e-6", "1000\n", "1_000\n", `line 1, token 1: expected a number (expected "1000", got "1_000")`},
	{"comma", "float_tolerance 1e-6", "0.5\n", "0,5\n", `line 1, token 1: expected a number (expected "0.5", got "0,5")`},
	{"hexadecimal", "float_tolerance 1e-6", "16 0.25\n", "0x10 0X1P-2\n", ""},
	{"strings under tolerance", "float_tolerance 1e-6", "Case 7\n", "CASE 7.0000001\n", ""},
	{"strings under tolerance differ", "float_tolerance 1e-6", "x1\n", "x2\n", `line 1, token 1: tokens differ (expected "x1", got "x2")`},
	{"answer NaN is a string", "float_tolerance 1e-6", "NaN\n", "nan\n", ""},
	{"answer NaN case", "float_tolerance 1e-6 case_sensitive", "NaN\n", "nan\n", `line 1, token 1: case differs (expected "NaN", got "nan")`},
	{"answer inf is a string", "float_tolerance 1e-6", "-inf\n", "-INF\n", ""},
	{"answer inf vs huge", "float_tolerance 1e-6", "inf\n", "1e400\n", `line 1, token 1: tokens differ (expected "inf", got "1e400")`},
	{"output NaN", "float_tolerance 1e-6", "4\n", "NaN\n", `line 1, token 1: expected a number (expected "4", got "NaN")`},
	{"output inf", "float_tolerance 1e-6", "4\n", "inf\n", `line 1, token 1: expected a number (expected "4", got "inf")`},
	{"output out of range", "float_tolerance 1e-6", "4\n", "1e400\n", `line 1, token 1: expected a number (expected "4", got "1e400")`},
	{"answer out of range is a string", "float_tolerance 1e-6", "1e400\n", "1E400\n", ""},
	{"underflow is zero", "float_absolute_tolerance 0", "0\n", "1e-400\n", ""},
	{"overflowing difference", "float_tolerance 1e-6", "1e308\n", "-1e308\n", `line 1, token 1: -1e308 is not within 1e-06 (absolute or relative) of 1e308: they differ by 2e+308 (expected "1e308", got "-1e308")`},
	{"tolerance and space", "float_tolerance 1e-6 space_change_sensitive", "1.0 2\n", "1 2.0000001\n", ""},
}

func tokenOptions(t testing.TB, flags string) TokenOptions {
	t.Helper()
	opt, err := ParseValidatorFlags(strings.Fields(flags))
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

func TestTokens(t *testing.T) {
	for _, tc := range tokenCases {
		t.Run(tc.name, func(t *testing.T) {
			opt := tokenOptions(t, tc.flags)
			m := Tokens([]byte(tc.want), []byte(tc.got), opt)
			var got string
			if m != nil {
				got = m.String()
			}
			if got != tc.mismatch {
				t.Errorf("Tokens(%q, %q, %q) =\n\t%s\nwant\n\t%s", tc.want, tc.got, tc.flags, got, tc.mismatch)
			}
			if naive := naiveTokens([]byte(tc.want), []byte(tc.got), opt); naive != (tc.mismatch == "") {
				t.Errorf("naiveTokens(%q, %q, %q) = %v: the table or the oracle is wrong", tc.want, tc.got, tc.flags, naive)
			}
			if !opt.HasAbsTol && !opt.HasRelTol {
				if m2 := Tokens([]byte(tc.got), []byte(tc.want), opt); (m2 == nil) != (m == nil) {
					t.Errorf("Tokens(%q, %q, %q) is not symmetric: %v", tc.got, tc.want, tc.flags, m2)
				}
			}
		})
	}
}

func TestTokenMismatchFields(t *testing.T) {
	m := Tokens([]byte("1 2\n3\n"), []byte("1 2\n4\n"), TokenOptions{})
	want := TokenMismatch{Token: 3, Line: 2, Reason: "tokens differ", Expected: "3", Got: "4"}
	if m == nil || *m != want {
		t.Errorf("Tokens = %#v, want %#v", m, want)
	}
	m = Tokens([]byte("1 2\n"), []byte("1\n\n2\n"), TokenOptions{SpaceSensitive: true})
	want = TokenMismatch{Token: 1, Line: 1, Space: true, Reason: "whitespace differs", Expected: "·", Got: "␊␊"}
	if m == nil || *m != want {
		t.Errorf("Tokens = %#v, want %#v", m, want)
	}
}

func TestTokensLong(t *testing.T) {
	// A token cut as a line is: around its first difference.
	long := strings.Repeat("0123456789", 100)
	m := Tokens([]byte("a "+long+"x\n"), []byte("a "+long+"y\n"), TokenOptions{})
	if m == nil || !strings.HasPrefix(m.Expected, "…") || !strings.HasSuffix(m.Expected, "x") || !strings.HasSuffix(m.Got, "y") {
		t.Errorf("Tokens on a long token = %v", m)
	}
	if n := len([]rune(m.Got)); n > maxShown+2 {
		t.Errorf("Got is %d characters long", n)
	}
	// So is whitespace.
	m = Tokens([]byte("a"+strings.Repeat(" ", 1000)+"b"), []byte("a"+strings.Repeat(" ", 1001)+"b"), TokenOptions{SpaceSensitive: true})
	if m == nil || len([]rune(m.Got)) > maxShown+2 || !strings.HasSuffix(m.Got, "·") {
		t.Errorf("Tokens on long whitespace = %v", m)
	}
}

func TestTokensLarge(t *testing.T) {
	e := bigOutput(300000) // about 5 MB
	g := []byte(strings.ReplaceAll(string(e), "\n", " \r\n"))
	opt := TokenOptions{RelTol: 1e-9, HasRelTol: true}
	if m := Tokens(e, g, opt); m != nil {
		t.Fatalf("Tokens on 5 MB: %v", m)
	}
	g[len(g)-4] = 'x'
	m := Tokens(e, g, opt)
	if m == nil || m.Line != 300000 || m.Token != 600000 || m.Reason != "expected a number" {
		t.Errorf("Tokens on 5 MB with the last token changed: %v", m)
	}
	if m := Tokens(e, nil, opt); m == nil || m.Reason != "expected 600000 tokens, got 0" {
		t.Errorf("Tokens on 5 MB vs empty: %v", m)
	}
	one := append([]byte("0."), bytes.Repeat([]byte("7"), 5<<20)...)
	if m := Tokens(one, append(one[:len(one):len(one)], '1'), opt); m != nil {
		t.Errorf("Tokens on a 5 MB number: %v", m)
	}
	if m := Tokens(one, append(one[:len(one):len(one)], 'x'), opt); m == nil || m.Reason != "expected a number" {
		t.Errorf("Tokens on a 5 MB token: %v", m)
	}
}

func TestNumber(t *testing.T) {
	for _, tc := range []struct {
		in string
		v  float64
		ok bool
	}{
		{"0", 0, true},
		{"-12", -12, true},
		{"+4", 4, true},
		{"4.", 4, true},
		{".5", 0.5, true},
		{"-.5e-1", -0.05, true},
		{"6.02E+23", 6.02e23, true},
		{"1e5", 100000, true},
		{"007", 7, true},
		{"0x10", 16, true},
		{"-0X1.8P1", -3, true},
		{"0x.8", 0.5, true},
		{"0xAbp-4", 10.6875, true},
		{"1e-400", 0, true},
		{"1.7976931348623157e308", math.MaxFloat64, true},
		{"", 0, false},
		{"+", 0, false},
		{".", 0, false},
		{"-.", 0, false},
		{"1e", 0, false},
		{"1e+", 0, false},
		{"e5", 0, false},
		{"1.2.3", 0, false},
		{"1..", 0, false},
		{"++1", 0, false},
		{"1 ", 0, false},
		{" 1", 0, false},
		{"1_000", 0, false},
		{"1,5", 0, false},
		{"0x", 0, false},
		{"0x.", 0, false},
		{"0x1e", 30, true},
		{"0x1p", 0, false},
		{"1p3", 0, false},
		{"0b101", 0, false},
		{"0o7", 0, false},
		{"inf", 0, false},
		{"-Infinity", 0, false},
		{"NaN", 0, false},
		{"1e400", 0, false},
		{"-1e400", 0, false},
		{"0x1p2000", 0, false},
		{"١", 0, false}, // ARABIC-INDIC DIGIT ONE
	} {
		v, ok := number(tc.in)
		if v != tc.v || ok != tc.ok {
			t.Errorf("number(%q) = %v, %v; want %v, %v", tc.in, v, ok, tc.v, tc.ok)
		}
		if _, naive := naiveNumber(tc.in); naive != ok {
			t.Errorf("naiveNumber(%q) = %v: the table or the oracle is wrong", tc.in, naive)
		}
		if vb, okb := number([]byte(tc.in)); vb != v || okb != ok {
			t.Errorf("number([]byte(%q)) = %v, %v; number(string) = %v, %v", tc.in, vb, okb, v, ok)
		}
	}
}

var flagCases = []struct {
	flags string
	want  string // TokenOptions.String() or the error
	err   bool
}{
	{"", "", false},
	{"case_sensitive", "case_sensitive", false},
	{"space_change_sensitive case_sensitive", "case_sensitive space_change_sensitive", false},
	{"case_sensitive case_sensitive", "case_sensitive", false},
	{"float_tolerance 1e-6", "float_tolerance 1e-06", false},
	{"float_tolerance 0", "float_tolerance 0", false},
	{"float_tolerance -0", "float_tolerance 0", false},
	{"float_tolerance 0x1p-20", "float_tolerance 9.5367431640625e-07", false},
	{"float_absolute_tolerance 1e-6", "float_absolute_tolerance 1e-06", false},
	{"float_relative_tolerance .5", "float_relative_tolerance 0.5", false},
	{"float_relative_tolerance 1e-9 float_absolute_tolerance 1e-6", "float_absolute_tolerance 1e-06 float_relative_tolerance 1e-09", false},
	{"float_absolute_tolerance 1 float_relative_tolerance 1.0", "float_tolerance 1", false},
	{"space_change_sensitive float_tolerance 1E-4 case_sensitive", "case_sensitive space_change_sensitive float_tolerance 0.0001", false},

	{"Case_Sensitive", `unknown validator flag "Case_Sensitive" (want case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance or float_relative_tolerance)`, true},
	{"case_sensitive 1e-6", `unknown validator flag "1e-6" (want case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance or float_relative_tolerance)`, true},
	{"float_tolerance", "validator flag float_tolerance needs a value", true},
	{"case_sensitive float_relative_tolerance", "validator flag float_relative_tolerance needs a value", true},
	{"float_tolerance abc", `validator flag float_tolerance needs a number, got "abc"`, true},
	{"float_tolerance case_sensitive", `validator flag float_tolerance needs a number, got "case_sensitive"`, true},
	{"float_absolute_tolerance 1e-6,", `validator flag float_absolute_tolerance needs a number, got "1e-6,"`, true},
	{"float_tolerance inf", `validator flag float_tolerance needs a number, got "inf"`, true},
	{"float_tolerance NaN", `validator flag float_tolerance needs a number, got "NaN"`, true},
	{"float_tolerance 1e400", `validator flag float_tolerance needs a number, got "1e400"`, true},
	{"float_relative_tolerance -1e-6", "validator flag float_relative_tolerance must not be negative, got -1e-6", true},
	{"float_tolerance 1 float_tolerance 1", "validator flag float_tolerance is given twice", true},
	{"float_absolute_tolerance 1 float_absolute_tolerance 2", "validator flag float_absolute_tolerance is given twice", true},
	{"float_tolerance 1 float_absolute_tolerance 1", "validator flag float_absolute_tolerance cannot be combined with float_tolerance", true},
	{"float_relative_tolerance 1 float_tolerance 1", "validator flag float_tolerance cannot be combined with float_relative_tolerance", true},
}

func TestParseValidatorFlags(t *testing.T) {
	for _, tc := range flagCases {
		opt, err := ParseValidatorFlags(strings.Fields(tc.flags))
		got := opt.String()
		if err != nil {
			got = err.Error()
			if opt != (TokenOptions{}) {
				t.Errorf("ParseValidatorFlags(%q) = %+v with an error", tc.flags, opt)
			}
		}
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ParseValidatorFlags(%q) = %s (error %v)\nwant %s (error %v)", tc.flags, got, err != nil, tc.want, tc.err)
		}
	}
	// One word an element: a caller that forgot strings.Fields learns so.
	_, err := ParseValidatorFlags([]string{"float_tolerance 1e-6"})
	if err == nil || !strings.HasPrefix(err.Error(), `unknown validator flag "float_tolerance 1e-6"`) {
		t.Errorf("ParseValidatorFlags of one unsplit string: %v", err)
	}
	opt := tokenOptions(t, "float_absolute_tolerance 0")
	if want := (TokenOptions{HasAbsTol: true}); opt != want {
		t.Errorf("float_absolute_tolerance 0 = %+v, want %+v", opt, want)
	}
}

// The oracles: the specification's rules written as plainly as may be.

var (
	naiveRuns    = regexp.MustCompile(`[ \t\n\v\f\r]+|[^ \t\n\v\f\r]+`)
	naiveDecimal = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
	naiveHex     = regexp.MustCompile(`^[+-]?0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)([pP][+-]?[0-9]+)?$`)
)

func naiveNumber(s string) (float64, bool) {
	switch {
	case naiveDecimal.MatchString(s):
	case naiveHex.MatchString(s):
		if !strings.ContainsAny(s, "pP") {
			s += "p0"
		}
	default:
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// naiveLower lowers ASCII letters by a table, byte by byte (strings.Map
// would turn invalid UTF-8 into U+FFFD).
func naiveLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if j := strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZ", c); j >= 0 {
			b[i] = "abcdefghijklmnopqrstuvwxyz"[j]
		}
	}
	return string(b)
}

func naiveTokenOK(want, got string, opt TokenOptions) bool {
	if a, ok := naiveNumber(want); ok && (opt.HasAbsTol || opt.HasRelTol) {
		s, ok := naiveNumber(got)
		return ok && (opt.HasAbsTol && math.Abs(s-a) <= opt.AbsTol || opt.HasRelTol && math.Abs(s-a) <= opt.RelTol*math.Abs(a) ||
			naiveDecimalWithin(want, got, opt))
	}
	if opt.CaseSensitive {
		return want == got
	}
	return naiveLower(want) == naiveLower(got)
}

// naiveDecimalWithin reports whether two number tokens, read as big.Rat
// reads them, are within the tolerances written in decimal; false for a
// number beyond what Tokens compares exactly.
func naiveDecimalWithin(want, got string, opt TokenOptions) bool {
	w, g := naiveRat(want), naiveRat(got)
	if w == nil || g == nil {
		return false
	}
	d := new(big.Rat).Sub(g, w)
	d.Abs(d)
	tol := func(x float64) *big.Rat { return naiveRat(strconv.FormatFloat(x, 'g', -1, 64)) }
	return opt.HasAbsTol && d.Cmp(tol(opt.AbsTol)) <= 0 || opt.HasRelTol && d.Cmp(new(big.Rat).Mul(tol(opt.RelTol), new(big.Rat).Abs(w))) <= 0
}

// naiveRat is a number token's exact value; nil beyond 1000 bytes or an
// exponent beyond ±1000.
func naiveRat(tok string) *big.Rat {
	if len(tok) > 1000 {
		return nil
	}
	marks := "eE"
	if hex := strings.TrimLeft(tok, "+-"); len(hex) > 1 && strings.EqualFold(hex[:2], "0x") {
		marks = "pP"
		if !strings.ContainsAny(tok, marks) {
			tok += "p0"
		}
	}
	if i := strings.IndexAny(tok, marks); i >= 0 {
		if e, err := strconv.Atoi(tok[i+1:]); err != nil || e > 1000 || e < -1000 {
			return nil
		}
	}
	r, ok := new(big.Rat).SetString(tok)
	if !ok {
		return nil
	}
	return r
}

// naiveTokens cuts both outputs into runs of whitespace and of other bytes,
// drops the whitespace unless it counts, and compares the rest pairwise.
func naiveTokens(want, got []byte, opt TokenOptions) bool {
	runs := func(b []byte) []string {
		var rs []string
		for _, r := range naiveRuns.FindAll(b, -1) {
			if opt.SpaceSensitive || !strings.ContainsAny(string(r[:1]), " \t\n\v\f\r") {
				rs = append(rs, string(r))
			}
		}
		return rs
	}
	w, g := runs(want), runs(got)
	if len(w) != len(g) {
		return false
	}
	for i := range w {
		space := strings.ContainsAny(w[i][:1], " \t\n\v\f\r")
		if space && w[i] != g[i] || !space && !naiveTokenOK(w[i], g[i], opt) {
			return false
		}
	}
	return true
}

func BenchmarkTokens(b *testing.B) {
	e := bigOutput(300000)
	g := []byte(strings.ReplaceAll(string(e), "\n", " \r\n"))
	b.SetBytes(int64(len(e)))
	for _, tc := range []struct {
		name string
		opt  TokenOptions
	}{
		{"default", TokenOptions{}},
		{"case_sensitive", TokenOptions{CaseSensitive: true}},
		{"float_tolerance", TokenOptions{AbsTol: 1e-6, RelTol: 1e-6, HasAbsTol: true, HasRelTol: true}},
	} {
		opt := tc.opt
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if m := Tokens(e, g, opt); m != nil {
					b.Fatal(m)
				}
			}
		})
	}
}

// TestTokensDecimal holds the boundaries of a tolerance read as people read
// decimals: a difference written as the tolerance is within it, one unit of
// a further digit is not, whatever doubles make of them; and a rejection's
// words never contradict themselves.
func TestTokensDecimal(t *testing.T) {
	for _, tc := range []struct {
		name, flags, want, got string
		diff                   string // "" when accepted, else the difference the reason names
	}{
		{"last digit one off", "float_absolute_tolerance 0.01", "3.77", "3.76", ""},
		{"last digit one off above", "float_absolute_tolerance 0.01", "3.76", "3.77", ""},
		{"one further digit past", "float_absolute_tolerance 0.01", "3.77", "3.7599", "0.0101"},
		{"far past any double", "float_absolute_tolerance 0.01", "3.77", "3.75999999999999999999", "0.01000000000000000001"},
		{"just within past any double", "float_absolute_tolerance 0.01", "3.77", "3.76000000000000000001", ""},
		{"0.1 plus 0.2", "float_absolute_tolerance 0.1", "0.2", "0.3", ""},
		{"negative numbers", "float_absolute_tolerance 0.01", "-3.77", "-3.76", ""},
		{"negative past", "float_absolute_tolerance 0.01", "-3.77", "-3.78001", "0.01001"},
		{"across zero", "float_absolute_tolerance 0.3", "-0.1", "0.2", ""},
		{"exponents", "float_absolute_tolerance 1e-3", "1.234e2", "123.401", ""},
		{"exponents past", "float_absolute_tolerance 1e-3", "1.234e2", "123.4010001", "0.0010001"},
		{"relative at the boundary", "float_relative_tolerance 0.01", "3.3", "3.333", ""},
		{"relative past", "float_relative_tolerance 0.01", "3.3", "3.3330001", "0.0330001"},
		{"relative negative", "float_relative_tolerance 0.1", "-0.7", "-0.77", ""},
		{"huge", "float_absolute_tolerance 1", "1e300", "1" + strings.Repeat("0", 299) + "1", ""},
		{"huge past", "float_absolute_tolerance 1", "1e300", "1.0000000000000002e300", "2e+284"},
		{"huge relative", "float_relative_tolerance 1e-9", "1.7e308", "1.7000000001e308", ""},
		{"small", "float_absolute_tolerance 1e-300", "3e-300", "2e-300", ""},
		{"small past", "float_absolute_tolerance 1e-300", "3e-300", "1.9e-300", "1.1e-300"},
		{"hexadecimal", "float_absolute_tolerance 0.5", "0x1p0", "1.5", ""},
		{"zero tolerance as doubles", "float_tolerance 0", "0.1", "0.10000000000000001", ""},
		{"long difference", "float_absolute_tolerance 0.01", "3.77", "3.759999999999999999999999999999999999999", "about 0.0100000000000000000000000000001"},
		{"NaN text", "float_absolute_tolerance 0.01", "3.77", "nan", "-"},
		{"inf text", "float_absolute_tolerance 0.01", "3.77", "-inf", "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Tokens([]byte(tc.want+"\n"), []byte(tc.got+"\n"), tokenOptions(t, tc.flags))
			switch {
			case tc.diff == "" && m != nil:
				t.Fatalf("%s vs %s under %s: rejected: %s", tc.got, tc.want, tc.flags, m)
			case tc.diff == "-" && (m == nil || m.Reason != "expected a number"):
				t.Fatalf("%s vs %s under %s: %v, want expected a number", tc.got, tc.want, tc.flags, m)
			case tc.diff != "" && tc.diff != "-":
				if m == nil {
					t.Fatalf("%s vs %s under %s: accepted", tc.got, tc.want, tc.flags)
				}
				if !strings.HasSuffix(m.Reason, ": they differ by "+tc.diff) {
					t.Fatalf("%s vs %s under %s: %q, want the difference %s", tc.got, tc.want, tc.flags, m.Reason, tc.diff)
				}
			}
		})
	}
}

// BenchmarkTokensDecimal: a megabyte of numbers each at its tolerance in
// decimal but past it in doubles, so that every one is compared exactly.
func BenchmarkTokensDecimal(b *testing.B) {
	want := []byte(strings.Repeat("3.77 ", 200000))
	got := []byte(strings.Repeat("3.76 ", 200000))
	opt := TokenOptions{AbsTol: 0.01, HasAbsTol: true}
	b.SetBytes(int64(len(got)))
	for b.Loop() {
		if m := Tokens(want, got, opt); m != nil {
			b.Fatal(m)
		}
	}
}
