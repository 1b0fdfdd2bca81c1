package problem

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestSeedOf pins {seed} to values Python's
// int(hashlib.sha512(s.encode()).hexdigest(), 16) % 2**31 gives, as
// BAPCtools computes it; never edit them to make the test pass.
func TestSeedOf(t *testing.T) {
	for s, want := range map[string]int64{
		"graph {seed}":                     145309074,
		"abcgraph {seed}":                  957459336,
		"course:1stdout.py {seed} {count}": 173715957,
		"":                                 2032654910,
		"random_gen.py  {seed}":            95545058,
	} {
		if got := seedOf(s); got != want {
			t.Errorf("seedOf(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		"gen.py 1 2":           {"gen.py", "1", "2"},
		"  gen\t a\n b ":       {"gen", "a", "b"},
		`gen "a b" 'c d' e\ f`: {"gen", "a b", "c d", "e f"},
		`gen ""`:               {"gen", ""},
	} {
		got, err := splitCommand(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := splitCommand(`gen "open`); err == nil {
		t.Error("an unclosed quote splits")
	}
}

// writeGen writes a package with generators.yaml and problem.yaml.
func writeGen(t *testing.T, yaml string, files map[string]string) string {
	t.Helper()
	all := map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\nuuid: u\n", GeneratorsFile: yaml}
	for k, v := range files {
		all[k] = v
	}
	return writePackage(t, all)
}

// TestParseGenerators reads generators.yaml as BAPCtools names its
// cases: numbered lists (one counter for the file, as wide as its
// count), count suffixes, sorted maps, include, {seed} and {count}.
func TestParseGenerators(t *testing.T) {
	dir := writeGen(t, `
solution: /submissions/accepted/a.py
random_salt: s
data:
  secret:
    data:
      zeta: {in: "1"}
      alpha:
        generate: gen.py {seed} {count}
        count: 2
      grp:
        data:
          - "": gen.py a
          - x: gen.py b
          - sub:
              data: {c: gen.py c}
      zz:
        include: [zeta, sub]
  sample:
    data:
      - "": {in: "5", ans: "5"}
`, nil)
	plan, err := parseGenerators(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range plan.cases {
		s := c.path
		if c.gen != nil {
			s += fmt.Sprintf(" %s %q", c.gen.prog, c.gen.args)
		}
		if c.from != nil {
			s += " from " + c.from.path
		}
		got = append(got, s)
	}
	want := []string{
		"sample/1",
		fmt.Sprintf("secret/alpha-1 generators/gen.py [\"%d\" \"1\"]", seedOf("sgen.py {seed} 1")),
		fmt.Sprintf("secret/alpha-2 generators/gen.py [\"%d\" \"2\"]", seedOf("s:1gen.py {seed} 2")),
		`secret/grp/2 generators/gen.py ["a"]`,
		`secret/grp/3-x generators/gen.py ["b"]`,
		`secret/grp/1-sub/c generators/gen.py ["c"]`,
		"secret/zeta",
		"secret/zz/zeta from secret/zeta",
		"secret/zz/c from secret/grp/1-sub/c",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cases\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParseGeneratorsRefuses: what generators.yaml may not say is one
// line naming the file and the entry.
func TestParseGeneratorsRefuses(t *testing.T) {
	// An alias bomb: groups of groups, ten of each, eight deep.
	bomb := "a: &a {data: {x: {in: '1'}}}\n"
	for i, prev := 0, "a"; i < 8; i++ {
		name := fmt.Sprintf("b%d", i)
		bomb += fmt.Sprintf("%s: &%s {data: {", name, name)
		for k := 0; k < 10; k++ {
			bomb += fmt.Sprintf("k%d: *%s, ", k, prev)
		}
		bomb += "}}\n"
		prev = name
	}
	bomb += "data: {secret: *b7}\n"
	for _, tc := range []struct{ yaml, want string }{
		{"data: {secret: {data: {x: ../../evil 1}}}", "secret/x: generator ../../evil: leaves its folder"},
		{"data: {secret: {data: {x: /bin/sh 1}}}", "secret/x: generator /bin/sh: not a relative path"},
		{"data: {secret: {data: {x: {copy: ../../etc/passwd}}}}", "secret/x: copy must be a path under generators/"},
		{"data: {secret: {data: {../x: {in: '1'}}}}", `"../x" is not a test case or group name`},
		{"solution: /../../x.py\ndata: {}", "solution /../../x.py: leaves its folder"},
		{"data: {secret: {data: {x: {generate: g.py, count: 1000}}}}", "count must be a number from 1 to 100"},
		{"data: {secret: {data: {x: 'g.py {seed} {seed:1}'}}}", "{seed} may appear once"},
		{"data: {secret: {include: [nothing]}}", "include nothing: no earlier test case or group has that key"},
		{"data: {secret: {data: {x: }}}", "secret/x: a test case needs generate, copy or in, or its files in data/secret/x.in"},
		{"data: {secret: {data: {x: {in: '1', bogus: 2}}}}", `secret/x: unknown key "bogus"`},
		{bomb, "YAML nodes"},
		{"data: {secret: {data: {x: \"g\\e[2J.py\"}}}", `generate "g\x1b[2J.py": a control character in the command`},
		{"generators: {g: [../../etc/passwd]}\ndata: {}", "generators.g: ../../etc/passwd: leaves its folder"},
	} {
		_, err := parseGenerators(writeGen(t, tc.yaml, nil), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") ||
			!strings.Contains(err.Error(), "generators.yaml") {
			t.Errorf("%s:\ngot %v\nwant %s", tc.yaml, err, tc.want)
		}
	}
}

// FuzzParseGenerators: any generators.yaml parses or is refused, without
// a panic, within its bounds.
func FuzzParseGenerators(f *testing.F) {
	f.Add("data: {secret: {data: [{a: gen.py {seed}}, {b: {in: '1', count: 3}}]}}")
	f.Add("generators: {g: [a.py, b.py]}\ndata: {sample: {data: {x: g 1}}, secret: {include: [x]}}")
	f.Add("a: &a [*a]")
	dir := f.TempDir()
	os.MkdirAll(filepath.Join(dir, "generators"), 0o755)
	f.Fuzz(func(t *testing.T, yaml string) {
		if err := os.WriteFile(filepath.Join(dir, GeneratorsFile), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		plan, err := parseGenerators(dir, nil)
		if err == nil && len(plan.cases) > maxGenCases {
			t.Fatalf("%d cases", len(plan.cases))
		}
	})
}
