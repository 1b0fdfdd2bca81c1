package cases

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "x/y.case:1: no args line"},
		{"no args", "visibility: public\n-- stdout --\n", "x/y.case:2: no args line"},
		{"no output", "args: 100 01234567\n", "x/y.case:2: no expected output"},
		{"stdin only", "args:\n-- stdin --\nhello\n", "x/y.case:4: no expected output"},
		{"unknown key", "args: 1\ntimeout: 3s\n-- stdout --\n", `x/y.case:2: unknown key "timeout"`},
		{"bad exit", "args: 1\nexit: 2\n-- stdout --\n", `x/y.case:2: exit must be 0, nonzero (`},
		{"key twice", "args: 1\nargs: 2\n-- stdout --\n", "x/y.case:2: args given twice"},
		{"not key value", "args: 1\njust words\n-- stdout --\n", `x/y.case:2: want "key: value"`},
		{"bad visibility", "args: 1\nvisibility: secret\n-- stdout --\n", `x/y.case:2: visibility must be public or hidden, got "secret"`},
		{"empty visibility", "args: 1\nvisibility:\n-- stdout --\n", `x/y.case:2: visibility must be public or hidden, got ""`},
		{"unclosed quote", "args: \"open\n-- stdout --\n", "x/y.case:1: args: bad quoted argument"},
		{"quote glued", "args: \"a\"b\n-- stdout --\n", "x/y.case:1: args: a space must follow"},
		{"unknown section", "args: 1\n-- stdot --\n", `x/y.case:2: unknown section "stdot"`},
		{"empty marker", "args: 1\n-- --\n", "x/y.case:2: empty section marker"},
		{"marker in content", "args: 1\n-- stdout --\n-- not a section --\n", `x/y.case:3: unknown section "not"`},
		{"stdin label", "args: 1\n-- stdin x --\n-- stdout --\n", "x/y.case:2: the stdin section takes no readings"},
		{"two stdin", "args: 1\n-- stdin --\n-- stdin --\n-- stdout --\n", "x/y.case:3: a second stdin section"},
		{"bad reading", "args: 1\n-- stdout a;b --\n", `x/y.case:2: bad reading name "a;b"`},
		{"space in readings", "args: 1\n-- stdout a b --\n", `x/y.case:2: bad reading name "a b"`},
		{"empty reading", "args: 1\n-- stdout a,,b --\n", `x/y.case:2: bad reading name ""`},
		{"reading twice in label", "args: 1\n-- stdout a,a --\n", `x/y.case:2: reading "a" named twice`},
		{"reading in two outputs", "args: 1\n-- stdout a,b --\nx\n-- stdout c,b --\ny\n", `x/y.case:4: reading "b" already has an expected output`},
		{"no-newline first", "args: 1\n-- stdout --\n\\ no final newline\n", `x/y.case:3: "\\ no final newline" must follow`},
		{"bad check", "args: 1\ncheck: Rules!\n", `x/y.case:2: check must name a judge`},
		{"check and stdout", "args: 399 -1 01234567\ncheck: reference\n-- stdout --\nx\n", "x/y.case:5: a case with check: reference has no expected output"},
		{"runs zero", "args: 1\nruns: 0\n-- stdout --\n", `x/y.case:2: runs must be a whole number from 1 to 1000, got "0"`},
		{"runs too many", "args: 1\nruns: 1001\n-- stdout --\n", `x/y.case:2: runs must be a whole number from 1 to 1000, got "1001"`},
		{"runs not a number", "args: 1\nruns: twenty\n-- stdout --\n", `x/y.case:2: runs must be a whole number from 1 to 1000, got "twenty"`},
		{"runs empty", "args: 1\nruns:\n-- stdout --\n", `x/y.case:2: runs must be a whole number`},
		{"min_pass zero", "args: 1\nruns: 5\nmin_pass: 0\n-- stdout --\n", `x/y.case:3: min_pass must be a whole number from 1 to the case's runs, got "0"`},
		{"min_pass above runs", "args: 1\nmin_pass: 21\nruns: 20\n-- stdout --\n", "x/y.case:2: min_pass 21 is more than the case's 20 runs"},
		{"min_pass without runs", "args: 1\nmin_pass: 1\n-- stdout --\n", "x/y.case:2: min_pass without runs"},
		{"bad score", "args: 1\nruns: 5\nscore: half\n-- stdout --\n", `x/y.case:3: score must be fraction (the case earns the fraction of its runs that passed), got "half"`},
		{"score without runs", "args: 1\nscore: fraction\n-- stdout --\n", "x/y.case:2: score: fraction without runs"},
		{"min_pass and score", "args: 1\nruns: 5\nscore: fraction\nmin_pass: 3\n-- stdout --\n", "x/y.case:4: min_pass and score: fraction exclude each other"},
		{"runs twice", "args: 1\nruns: 5\nruns: 6\n-- stdout --\n", "x/y.case:3: runs given twice"},
		{"no-newline not last", "args: 1\n-- stdout --\nx\n\\ no final newline\ny\n", `x/y.case:4: "\\ no final newline" must be the last line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x/y.case", []byte(tt.in))
			if err == nil {
				t.Fatalf("Parse(%q) succeeded, want error %q", tt.in, tt.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Parse(%q) error:\n got %q\nwant prefix %q, one line", tt.in, err, tt.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	in := "# comment\nargs: 315 1 12375643\nvisibility: public\nnote:  hill climbing \n-- stdout --\n0:12375643 14\nSolved\n"
	got, err := Parse(filepath.Join("cases", "c", "public-07.case"), []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Case{
		ID: "c/public-07", Part: "c", Args: []string{"315", "1", "12375643"},
		Visibility: Public, Note: "hill climbing",
		Outputs: []Output{{Stdout: []byte("0:12375643 14\nSolved\n")}},
		Path:    filepath.Join("cases", "c", "public-07.case"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse:\n got %+v\nwant %+v", got, want)
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []Case{
		{Args: []string{}, Outputs: []Output{{Stdout: []byte{}}}},
		{Args: []string{"100", "01234567"}, Visibility: Public, Outputs: []Output{{Stdout: []byte("28\n")}}},
		{Args: []string{"a b", "", `"q`, "tab\there", "\x00", "\xff", "ünï"}, Outputs: []Output{{Stdout: []byte("x")}}},
		{Args: []string{"1"}, Stdin: []byte{}, Outputs: []Output{{Stdout: []byte("\n\n")}}},
		{Args: []string{"1"}, Stdin: []byte("-- stdout --\n\\\n\\ no final newline"), Outputs: []Output{
			{Readings: []string{"r1", "r.2"}, Stdout: []byte("-- x --  \r\n")},
			{Readings: []string{"r3"}, Stdout: []byte("\\ no final newline\n")},
			{Stdout: []byte("a\r")},
		}},
		{Args: []string{"399", "-1", "01234567"}, Note: "unseeded", Check: CheckReference},
		{Args: []string{"1"}, Note: "a: b # c", Outputs: []Output{{Stdout: []byte("\r")}, {Stdout: []byte("--  --")}}},
		{Args: []string{"{seed}", "x{run}"}, Stdin: []byte("{run}\n"), Runs: 20, MinPass: 15, Outputs: []Output{{Stdout: []byte("ok\n")}}},
		{Args: []string{"1"}, Runs: 1, Outputs: []Output{{Stdout: []byte("ok\n")}}},
		{Args: []string{"8"}, Check: CheckReference, Runs: 30, Score: ScoreFraction},
		{Args: []string{"2"}, Exit: ExitNonzero, Outputs: []Output{{Stdout: []byte{}}}},
		{Args: []string{"200"}, Exit: ExitAny, Check: "nim"},
	}
	for i, c := range tests {
		c.ID, c.Part, c.Path = "p/x", "p", filepath.Join("p", "x.case")
		if c.Visibility == "" {
			c.Visibility = Hidden
		}
		if c.Args == nil {
			c.Args = nil
		}
		f := c.Format()
		got, err := Parse(c.Path, f)
		if err != nil {
			t.Errorf("%d: Parse(Format()) failed: %v\n%s", i, err, f)
			continue
		}
		if len(c.Args) == 0 {
			c.Args = nil
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("%d: round trip through\n%s\n got %#v\nwant %#v", i, f, got, c)
		}
		if err := writable(c); err != nil {
			t.Errorf("%d: writable: %v", i, err)
		}
	}
}

// TestGolden parses each testdata/golden/*.case and compares what it reads
// and its canonical form with the .golden file beside it.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.case"))
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Parse(file, data)
			if err != nil {
				t.Fatal(err)
			}
			got := dump(c)
			golden := strings.TrimSuffix(file, ".case") + ".golden"
			if want := testenv.Golden(t, golden, got); !bytes.Equal(got, want) {
				t.Errorf("%s: got\n%s\nwant\n%s", file, got, want)
			}
			back, err := Parse(file, c.Format())
			if err != nil || !reflect.DeepEqual(back, c) {
				t.Errorf("canonical form does not read back: %v", err)
			}
		})
	}
}

func dump(c Case) []byte {
	var b bytes.Buffer
	stdin := "(none)"
	if c.Stdin != nil {
		stdin = fmt.Sprintf("%q", c.Stdin)
	}
	fmt.Fprintf(&b, "ID %q\nPart %q\nArgs %q\nStdin %s\nVisibility %q\nNote %q\n", c.ID, c.Part, c.Args, stdin, c.Visibility, c.Note)
	if c.Runs > 0 {
		fmt.Fprintf(&b, "Runs %d MinPass %d Score %q\n", c.Runs, c.MinPass, c.Score)
	}
	for _, o := range c.Outputs {
		fmt.Fprintf(&b, "Output %q %q\n", o.Readings, o.Stdout)
	}
	b.WriteString("==== canonical form ====\n")
	b.Write(c.Format())
	return b.Bytes()
}

func TestAccepts(t *testing.T) {
	c := Case{Outputs: []Output{
		{Readings: []string{"a", "b"}, Stdout: []byte("1")},
		{Readings: []string{"c"}, Stdout: []byte("2")},
		{Stdout: []byte("3")},
	}}
	tests := []struct {
		readings []string
		want     string
	}{
		{nil, "123"},
		{[]string{}, "123"},
		{[]string{"b"}, "13"},
		{[]string{"c", "a"}, "123"},
		{[]string{"z"}, "3"},
	}
	for _, tt := range tests {
		var got string
		for _, o := range c.Accepts(tt.readings) {
			got += string(o.Stdout)
		}
		if got != tt.want {
			t.Errorf("Accepts(%q) = %q, want %q", tt.readings, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.case"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("args: 1\n-- stdout --\nx\n\\ no final newline\n"))
	f.Add([]byte("args: \"a\\tb\" c\n-- stdin --\n\\\\x\n-- stdout a,b --\n-- stdout c --\r\n\r\n"))
	f.Add([]byte("args: {seed} {run}\nruns: 20\nmin_pass: 15\n-- stdin --\n{run}\n-- stdout --\nok\n"))
	f.Add([]byte("args:\nruns: 3\nscore: fraction\ncheck: reference\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("p/x.case", data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q: want one line wrapping ErrInvalid", err)
			}
			return
		}
		f1 := c.Format()
		back, err := Parse("p/x.case", f1)
		if err != nil {
			t.Fatalf("canonical form of %q does not parse: %v\n%q", data, err, f1)
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("round trip of %q:\n got %#v\nwant %#v", data, back, c)
		}
		if f2 := back.Format(); !bytes.Equal(f1, f2) {
			t.Fatalf("Format is not stable: %q then %q", f1, f2)
		}
		if err := writable(c); err != nil {
			t.Fatalf("parsed case not writable: %v", err)
		}
		if c.Runs > 0 && (c.Need() < 1 || c.Need() > c.Runs || c.MinPass > 0 && c.Score != "") {
			t.Fatalf("runs %d, min_pass %d, score %q accepted", c.Runs, c.MinPass, c.Score)
		}
		if c.Runs > 0 {
			args, stdin := c.Attempt(nil, c.Runs)
			if len(args) != len(c.Args) || (stdin == nil) != (c.Stdin == nil) {
				t.Fatalf("Attempt(%d) = %q, %q from %q, %q", c.Runs, args, stdin, c.Args, c.Stdin)
			}
		}
	})
}

// TestAttempt: {run} and {seed} are replaced in the args and stdin of a
// case with a runs line, and left alone in a case without one.
func TestAttempt(t *testing.T) {
	c, err := Parse("c/rand-01.case", []byte("args: {seed} run={run} {other}\nruns: 3\n-- stdin --\n{run} {seed}\n-- stdout --\n{run}\n"))
	if err != nil {
		t.Fatal(err)
	}
	args, stdin := c.Attempt(nil, 3)
	if want := []string{"939860838", "run=3", "{other}"}; !reflect.DeepEqual(args, want) {
		t.Errorf("args %q, want %q", args, want)
	}
	if want := "3 939860838\n"; string(stdin) != want {
		t.Errorf("stdin %q, want %q", stdin, want)
	}
	if string(c.Args[0]) != "{seed}" || string(c.Outputs[0].Stdout) != "{run}\n" {
		t.Errorf("the case itself changed: %q, %q", c.Args, c.Outputs[0].Stdout)
	}
	once, err := Parse("c/once.case", []byte("args: {seed}\n-- stdout --\n"))
	if err != nil {
		t.Fatal(err)
	}
	if args, stdin := once.Attempt(nil, 1); !reflect.DeepEqual(args, []string{"{seed}"}) || stdin != nil {
		t.Errorf("a case without runs: %q, %q", args, stdin)
	}
}

// TestSeed pins {seed}: the values were computed by coreutils, as
// printf '%s' 'c/rand-01#1' | sha256sum, first 8 hex digits, top bit cleared.
func TestSeed(t *testing.T) {
	for _, tt := range []struct {
		id   string
		run  int
		want uint32
	}{
		{"c/rand-01", 1, 1258523550},
		{"c/rand-01", 2, 95199599},
		{"c/rand-01", 3, 939860838},
		{"p/x", 20, 514997620},
	} {
		if got := Seed(nil, tt.id, tt.run); got != tt.want {
			t.Errorf("Seed(nil, %q, %d) = %d, want %d", tt.id, tt.run, got, tt.want)
		}
	}
}

// TestSecretSeed pins {seed} under a batch's secret: the values were
// computed by openssl, as printf '%s' 'c/rand-01#1' | openssl dgst
// -sha256 -hmac 'k3y', first 8 hex digits, top bit cleared; another
// secret gives other seeds.
func TestSecretSeed(t *testing.T) {
	for _, tt := range []struct {
		secret, id string
		run        int
		want       uint32
	}{
		{"k3y", "c/rand-01", 1, 778616743},
		{"k3y", "c/rand-01", 2, 239945447},
		{"other", "c/rand-01", 1, 966792126},
	} {
		if got := Seed([]byte(tt.secret), tt.id, tt.run); got != tt.want {
			t.Errorf("Seed(%q, %q, %d) = %d, want %d", tt.secret, tt.id, tt.run, got, tt.want)
		}
	}
}
