package grader

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFilesFormNoCircle: no file of the package uses a name defined in a
// file that uses, however far round, a name of its own: the files stand
// in layers, as the package doc says, each using only lower ones.
func TestFilesFormNoCircle(t *testing.T) {
	uses := fileUses(t)
	if len(uses) < 10 {
		t.Fatalf("read %d files", len(uses))
	}
	for _, f := range slices.Sorted(maps.Keys(uses)) {
		if path := circleFrom(uses, f); path != nil {
			t.Errorf("files refer to each other: %s", strings.Join(path, " -> "))
		}
	}
}

// fileUses is, for each non-test file of the package, the other files
// whose names (types, functions, methods, fields, constants) it uses.
func fileUses(t *testing.T) map[string]map[string]bool {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/cs540-tools/autograder/grader", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	uses := map[string]map[string]bool{}
	for _, f := range files {
		uses[fset.Position(f.Pos()).Filename] = map[string]bool{}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() || isLocal(obj, pkg) {
			continue
		}
		from, to := fset.Position(id.Pos()).Filename, fset.Position(obj.Pos()).Filename
		if from != to {
			uses[from][to] = true
		}
	}
	return uses
}

// isLocal reports whether obj is a function's own (a parameter, a
// variable), not a name of the package or a member of one of its types.
func isLocal(obj types.Object, pkg *types.Package) bool {
	switch o := obj.(type) {
	case *types.Func:
		return false
	case *types.Var:
		return !o.IsField() && o.Parent() != pkg.Scope()
	}
	return obj.Parent() != pkg.Scope()
}

// circleFrom is a path of uses from file f back to f, nil when none.
func circleFrom(uses map[string]map[string]bool, f string) []string {
	seen := map[string]bool{}
	var walk func(path []string) []string
	walk = func(path []string) []string {
		at := path[len(path)-1]
		for _, next := range slices.Sorted(maps.Keys(uses[at])) {
			if next == f {
				return append(path, f)
			}
			if !seen[next] {
				seen[next] = true
				if p := walk(append(slices.Clone(path), next)); p != nil {
					return p
				}
			}
		}
		return nil
	}
	return walk([]string{f})
}
