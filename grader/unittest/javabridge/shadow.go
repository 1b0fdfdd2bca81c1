package javabridge

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// onDemand finds a source's type-import-on-demand declarations
// ("import java.util.*;"), static ones apart.
var onDemand = regexp.MustCompile(`(?m)^\s*import\s+(static\s+)?([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\.\s*\*\s*;`)

// probeLine finds javac's errors about the probe, by line.
var probeLine = regexp.MustCompile(`AutograderProbe\.java:(\d+): error: (.*)`)

// Shadowing lists the names, of those given (a student's top-level
// classes in the default package), that the instructor's tests would
// otherwise resolve to a class of a package they import on demand
// (java.lang, "import java.util.*;"): a class in the tests' own package
// wins over those, so a student's Arrays would answer the tests'
// Arrays.asList. Give them to Options.Reserved: they get no stand-in.
// It asks javac (with the tests' class path), which knows every package.
func Shadowing(ctx context.Context, javac string, classpath []string, tests map[string][]byte, names []string) ([]string, error) {
	if len(names) == 0 {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "javabridge-probe-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src, first := probe(tests, names)
	file := filepath.Join(dir, "AutograderProbe.java")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		return nil, err
	}
	// The tests' own sources, for the packages of the instructor's that
	// they import (and the classes they declare beside the tests).
	srcDir := filepath.Join(dir, "src")
	for p, b := range tests {
		f := filepath.Join(srcDir, filepath.FromSlash(p))
		if os.MkdirAll(filepath.Dir(f), 0o755) != nil || os.WriteFile(f, b, 0o644) != nil {
			return nil, fmt.Errorf("cannot write %s for the probe", p)
		}
	}
	args := []string{"-d", filepath.Join(dir, "out"), "-sourcepath", srcDir, "-proc:none", "-implicit:none", "-Xmaxerrs", "100000", "-nowarn"}
	if len(classpath) > 0 {
		args = append(args, "-cp", strings.Join(classpath, string(os.PathListSeparator)))
	}
	var msg bytes.Buffer
	cmd := exec.CommandContext(ctx, javac, append(args, file)...)
	cmd.Stdout, cmd.Stderr = &msg, &msg
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	missing := unresolved(msg.String(), first, len(names))
	if runErr != nil && len(missing) == 0 && !strings.Contains(msg.String(), "AutograderProbe.java:") {
		return nil, fmt.Errorf("javac on the probe: %v\n%s", runErr, msg.Bytes())
	}
	var out []string
	for i, n := range names {
		if !missing[i] {
			out = append(out, n)
		}
	}
	return out, nil
}

// probe writes a class with the tests' on-demand imports and a field of
// each name's type, one a line from line first.
func probe(tests map[string][]byte, names []string) (string, int) {
	pkgs := map[string]bool{}
	for _, src := range tests {
		for _, m := range onDemand.FindAllSubmatch(src, -1) {
			if len(m[1]) == 0 {
				pkgs[strings.Join(strings.Fields(strings.ReplaceAll(string(m[2]), ".", " ")), ".")] = true
			}
		}
	}
	var b strings.Builder
	lines := 0
	for _, p := range sortedKeys(pkgs) {
		fmt.Fprintf(&b, "import %s.*;\n", p)
		lines++
	}
	b.WriteString("class AutograderProbe {\n")
	lines++
	for i, n := range names {
		fmt.Fprintf(&b, "    %s f%d;\n", n, i)
	}
	b.WriteString("}\n")
	return b.String(), lines + 1
}

// unresolved says which names javac could not find (or found only a
// class it may not use): those no import brings in.
func unresolved(msg string, first, n int) map[int]bool {
	out := map[int]bool{}
	for _, m := range probeLine.FindAllStringSubmatch(msg, -1) {
		line, _ := strconv.Atoi(m[1])
		i := line - first
		if i < 0 || i >= n {
			continue
		}
		if strings.Contains(m[2], "cannot find symbol") || strings.Contains(m[2], "is not public in") {
			out[i] = true
		}
	}
	return out
}

// DefaultPackageNames lists the simple names of a student's top-level
// classes in the default package (class files that do not read are left
// to Standins to report), sorted.
func DefaultPackageNames(classes map[string][]byte) []string {
	var out []string
	for _, p := range sortedKeys(classes) {
		if !strings.HasSuffix(p, ".class") {
			continue
		}
		c, err := ReadClass(classes[p])
		if err != nil || strings.Contains(c.Name, "/") || !validTypeName(c.Name) {
			continue
		}
		if _, member := self(c); !member {
			out = append(out, c.Name)
		}
	}
	sort.Strings(out)
	return out
}
