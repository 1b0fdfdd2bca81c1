package toolchain

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestJudgesExtensions: a source is built in the language the judges'
// language lists (problemtools', BAPCtools') give its ending, matched
// exactly: ".C" and ".c++" are C++, ".c" is C.
func TestJudgesExtensions(t *testing.T) {
	for ext, want := range map[string]*Toolchain{
		".c": C, ".cc": CPP, ".C": CPP, ".cpp": CPP, ".cxx": CPP, ".c++": CPP, ".java": Java, ".py": Python,
	} {
		if got := ByExt(ext); got != want {
			t.Errorf("ByExt(%q) = %v, want %s", ext, got, want.Name)
		}
	}
}

// TestList: every toolchain is complete and told apart from the others by
// its name, its extensions and its language codes, so that a language is
// added by its file and one name in the list.
func TestList(t *testing.T) {
	names, exts, codes := map[Name]bool{}, map[string]bool{}, map[string]bool{}
	for _, tc := range All() {
		t.Run(string(tc.Name), func(t *testing.T) {
			switch {
			case tc.Name == "" || tc.Name == "raw" || tc.Name == "auto" || names[tc.Name]:
				t.Errorf("name %q is empty, taken or reserved", tc.Name)
			case len(tc.Exts) == 0 || len(tc.Codes) == 0 || len(tc.Tools) == 0:
				t.Errorf("no extensions, codes or tools: %q %q %d", tc.Exts, tc.Codes, len(tc.Tools))
			case tc.Commands == nil || tc.DefaultMain == nil || tc.CheckMain == nil || tc.Runtime == "" || tc.Title == "":
				t.Error("missing Commands, DefaultMain, CheckMain, Runtime or Title")
			}
			names[tc.Name] = true
			for _, e := range tc.Exts {
				if exts[e] || ByExt(e) != tc {
					t.Errorf("extension %s is another toolchain's", e)
				}
				exts[e] = true
			}
			for _, e := range tc.Headers {
				if exts[e] || ByExt(e) != nil {
					t.Errorf("header extension %s is another toolchain's", e)
				}
				exts[e] = true
			}
			for _, c := range tc.Codes {
				if codes[c] || ByCode(c) != tc {
					t.Errorf("code %s is another toolchain's", c)
				}
				codes[c] = true
			}
			if Lookup(tc.Name) != tc {
				t.Errorf("Lookup(%q) is another toolchain", tc.Name)
			}
			// The hello-world is a source, built as a rubric requiring it
			// alone builds it, by the tools the toolchain finds.
			hello := tc.Sources([]string{tc.Hello.Name, "notes.txt"})
			if len(hello) != 1 || len(tc.Hello.Data) == 0 {
				t.Fatalf("hello-world %q is not one of its sources", tc.Hello.Name)
			}
			main := tc.DefaultMain(hello)
			if why := tc.CheckMain(main, hello); why != "" {
				t.Errorf("default main %q: must be %s", main, why)
			}
			build, run := tc.Commands(main, hello)
			for _, argv := range append(build, run) {
				if len(argv) == 0 || !slices.ContainsFunc(tc.Tools, func(x Tool) bool { return x.Name == argv[0] }) && !strings.HasPrefix(argv[0], "./") {
					t.Errorf("command %q starts with none of its tools", argv)
				}
			}
			if tc.Product(tc.Hello.Name, main) {
				t.Errorf("its source %s is a product", tc.Hello.Name)
			}
		})
	}
	if Default() == nil || Lookup(Default().Name) != Default() {
		t.Error("the default toolchain is not in the list")
	}
}

// TestWantMain: what a submission graded by its files names to run,
// with and without a problem package's included files.
func TestWantMain(t *testing.T) {
	entry := map[string][]byte{"__main__.py": nil}
	for _, c := range []struct {
		tc       *Toolchain
		main     string
		included map[string][]byte
		want     string
	}{
		{Python, "sol.py", nil, "sol"},
		{Python, "sol.py", entry, "__main__"},
		{Python, "sol.py", map[string][]byte{"util.py": nil}, "sol"},
		{Java, "EightQueen", entry, "EightQueen"},
		{Java, "Main", map[string][]byte{"Main.java": nil}, "Main"},
		{C, "main", entry, ""},
		{CPP, "main", nil, ""},
	} {
		if got := c.tc.WantMain(c.main, c.included); got != c.want {
			t.Errorf("%s.WantMain(%q, %v) = %q, want %q", c.tc.Name, c.main, c.included, got, c.want)
		}
	}
}

// TestFrameworks: each unit-test framework is found by its name, runs
// tools of its own toolchain, and says where it is looked for.
func TestFrameworks(t *testing.T) {
	var names []string
	for _, tc := range Frameworks() {
		f := tc.Tests
		names = append(names, f.Name)
		if ByFramework(f.Name) != tc {
			t.Errorf("ByFramework(%q) is another toolchain", f.Name)
		}
		for _, tool := range []string{f.Compiler, f.Runner} {
			if tool != "" && !slices.ContainsFunc(tc.Tools, func(x Tool) bool { return x.Name == tool }) {
				t.Errorf("%s: %q is none of %s's tools", f.Name, tool, tc.Name)
			}
		}
		if f.Runner == "" || f.Title == "" || f.Needs == "" || f.Install == "" || f.Launchers == nil && f.Hosts == nil {
			t.Errorf("%s: incomplete: %+v", f.Name, *f)
		}
	}
	// The order of All, which `autograder doctor` lists them in.
	if want := []string{"junit", "pytest"}; !slices.Equal(names, want) {
		t.Errorf("frameworks %q, want %q", names, want)
	}
	if ByFramework("nosuch") != nil {
		t.Error("ByFramework found a framework that is not there")
	}
}

// TestFrameworkMissing: a framework is there when a launcher is a file
// and a host passes the probe, and otherwise says what it lacks.
func TestFrameworkMissing(t *testing.T) {
	jar := filepath.Join(t.TempDir(), "launcher.jar")
	if err := os.WriteFile(jar, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "gone")
	self, err := os.Executable() // the test binary: runs no test and exits 0
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    TestFramework
		want string
	}{
		{TestFramework{Launchers: []string{gone, jar}}, ""},
		{TestFramework{Launchers: []string{gone}, Needs: "X launcher", Install: "get x"}, "no X launcher in " + gone + " (get x)"},
		{TestFramework{Launchers: []string{gone, filepath.Dir(jar)}, Needs: "X launcher", Install: "get x"}, "no X launcher in " + gone + ", " + filepath.Dir(jar) + " (get x)"},
		{TestFramework{Hosts: []string{gone, self}, Probe: []string{"-test.run=^$"}}, ""},
		{TestFramework{Hosts: []string{self, gone}, Probe: []string{"-test.run=^$", "-no-such-flag"}, Needs: "y", Install: "get y"}, "no y for " + self + " (get y)"},
		{TestFramework{}, ""},
	} {
		if got := c.f.Missing(); got != c.want {
			t.Errorf("%+v: Missing() = %q, want %q", c.f, got, c.want)
		}
	}
	if got := (&TestFramework{Launchers: []string{gone, jar, jar + "2"}}).Launcher(); got != jar {
		t.Errorf("Launcher() = %q, want %q", got, jar)
	}
}

// TestTidyObjects: a link error names gcc's temporary object file by a
// random name; the tidied log names every such file alike, and nothing
// else changes.
func TestTidyObjects(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/usr/bin/ld: /tmp/ccQ1w2E3.o: in function `main':", "/usr/bin/ld: /tmp/ccXXXXXX.o: in function `main':"},
		{"ccA1b2C3.o ccZZZZZZ.o", "ccXXXXXX.o ccXXXXXX.o"},
		{"main.o: in function `f'", "main.o: in function `f'"},
		{"saccA1b2C3.o", "saccA1b2C3.o"},
	} {
		for _, tch := range []*Toolchain{C, CPP} {
			if got := string(tch.TidyLog([]byte(tc.in))); got != tc.want {
				t.Errorf("%s: %q: got %q, want %q", tch.Name, tc.in, got, tc.want)
			}
		}
	}
}

// TestTidyOutOfResources: javac's own frames under an out-of-resources
// error (which frame overflowed depends on the JIT's state) are left
// out, one line saying so; the error and any other log stay as they are.
func TestTidyOutOfResources(t *testing.T) {
	head := "\n\nThe system is out of resources.\nConsult the following stack trace for details.\njava.lang.StackOverflowError\n"
	for _, tc := range []struct{ in, want string }{
		{head + "\tat a.B.c(B.java:1)\n\tat a.B.c(B.java:2)\n", head + "\t(the compiler's own stack trace left out)\n"},
		{head + "\tat a.B.c(B.java:1)", head + "\t(the compiler's own stack trace left out)\n"},
		{"Main.java:3: error: ';' expected\n\tat x\n", "Main.java:3: error: ';' expected\n\tat x\n"},
	} {
		if got := string(Java.TidyLog([]byte(tc.in))); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPython2: a Python source whose shebang asks for Python 2 is one the
// toolchain does not run; python3, a bare python, or none are.
func TestPython2(t *testing.T) {
	for src, want := range map[string]bool{
		"#!/usr/bin/env python2\nprint 1\n": true,
		"#!/usr/bin/python2.7\n":            true,
		"#! /usr/bin/python2 -u\n":          true,
		"#!/usr/bin/env python3\n":          false,
		"#!/usr/bin/python\n":               false,
		"print(1)  # python2\n":             false,
		"":                                  false,
	} {
		if got := Python.Unrunnable([]byte(src)) != ""; got != want {
			t.Errorf("%q: unrunnable %v, want %v", src, got, want)
		}
	}
}
