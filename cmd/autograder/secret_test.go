package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// keyLine is a result's cache key in results.json.
var keyLine = regexp.MustCompile(`(?m)^\s*"key": "[0-9a-f]*",?\n`)

// cmdCmpnokey compares two results.json files but for their results'
// keys: a warm and a cold grading, or two with other secrets, give the
// same results under other keys. Negated, they must differ.
func cmdCmpnokey(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: cmpnokey A B")
	}
	a := keyLine.ReplaceAllString(ts.ReadFile(args[0]), "")
	b := keyLine.ReplaceAllString(ts.ReadFile(args[1]), "")
	switch {
	case neg && a == b:
		ts.Fatalf("%s and %s are the same (keys aside)", args[0], args[1])
	case neg, a == b:
		return
	}
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			ts.Fatalf("%s and %s differ (keys aside) at line %d:\n%s\n%s", args[0], args[1], i+1, al[i], bl[i])
		}
	}
	ts.Fatalf("%s and %s differ (keys aside): %d and %d lines", args[0], args[1], len(al), len(bl))
}

// shareSecret gives the --out folder to the batch's secret of the --out
// folder from, as a TA gives a regrade elsewhere the batch's secret (or
// puts it beside the rubric): the two then grade byte for byte alike. to
// must not exist yet.
func shareSecret(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(from, ".cache", "secret"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(to, ".cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(to, ".cache", "secret"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}
