// Package ruletable is the tests' guard on a decision written as rules:
// each rule constant (a string constant named rule...) of a decision's
// file must have a row in its table test, so that a rule added without
// one fails.
package ruletable

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Check fails t for each rule constant of decisionFile that no row of
// tableFile names ("rule: <name>,"), and when decisionFile has fewer
// than least rules (it was not read as meant).
func Check(t *testing.T, decisionFile, tableFile string, least int) {
	t.Helper()
	rules := Constants(t, decisionFile)
	if len(rules) < least {
		t.Fatalf("found %d rules in %s", len(rules), decisionFile)
	}
	data, err := os.ReadFile(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range rules {
		if !strings.Contains(string(data), "rule: "+name+",") {
			t.Errorf("rule %s (%q) has no row in %s", name, text, tableFile)
		}
	}
}

// Constants are file's rule names and texts.
func Constants(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 || !strings.HasPrefix(vs.Names[0].Name, "rule") {
			return true
		}
		if lit, ok := vs.Values[0].(*ast.BasicLit); ok {
			rules[vs.Names[0].Name], _ = strconv.Unquote(lit.Value)
		}
		return true
	})
	return rules
}
