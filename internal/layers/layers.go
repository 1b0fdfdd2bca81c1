// Package layers is the tests' guard on how a package's files use each
// other: each file should use only files beneath it, so that the package
// reads top down. A back reference is a file's use of another file that
// uses it back, directly or through others; every package's test calls
// Check with the number it has today, and the number may only fall.
package layers

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Check fails t when the package in the current folder (the calling
// test's) has more than most back references, naming each, and says so
// when it has fewer, so that the caller's number is lowered.
func Check(t *testing.T, most int) {
	t.Helper()
	uses := FileUses(t, ".")
	back := BackReferences(uses)
	if len(back) > most {
		for _, b := range back {
			t.Errorf("back reference: %s", b)
		}
		t.Fatalf("%d back references between the package's files, at most %d allowed", len(back), most)
	}
	if len(back) < most {
		t.Errorf("%d back references, fewer than the %d allowed: lower the number to %d", len(back), most, len(back))
	}
}

// BackReferences lists, sorted, each use a -> b among uses such that b
// uses a, however far round, with the way back: "a -> b -> ... -> a".
func BackReferences(uses map[string]map[string]bool) []string {
	var back []string
	for _, a := range slices.Sorted(maps.Keys(uses)) {
		for _, b := range slices.Sorted(maps.Keys(uses[a])) {
			if path := pathBetween(uses, b, a); path != nil {
				back = append(back, a+" -> "+strings.Join(path, " -> "))
			}
		}
	}
	return back
}

// pathBetween is a shortest path of uses from file to file, nil when
// there is none.
func pathBetween(uses map[string]map[string]bool, from, to string) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		if at == to {
			var path []string
			for f := to; f != ""; f = prev[f] {
				path = append(path, f)
			}
			slices.Reverse(path)
			return path
		}
		for _, next := range slices.Sorted(maps.Keys(uses[at])) {
			if _, seen := prev[next]; !seen {
				prev[next] = at
				queue = append(queue, next)
			}
		}
	}
	return nil
}

// FileUses is, for each non-test Go file in dir, the other files of its
// package whose names (types, functions, methods, fields, constants,
// package variables) it uses.
func FileUses(t testing.TB, dir string) map[string]map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	files := parseDir(t, fset, dir)
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", exports(t, dir))}
	pkg, err := conf.Check(files[0].Name.Name, fset, files, info)
	if err != nil {
		t.Fatalf("type-checking %s: %v", dir, err)
	}
	uses := map[string]map[string]bool{}
	for _, f := range files {
		uses[filepath.Base(fset.Position(f.Pos()).Filename)] = map[string]bool{}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() || isLocal(obj, pkg) {
			continue
		}
		from := filepath.Base(fset.Position(id.Pos()).Filename)
		to := filepath.Base(fset.Position(obj.Pos()).Filename)
		if from != to {
			uses[from][to] = true
		}
	}
	return uses
}

// exports is a lookup of the compiled export data of the package's
// imports, as the go command has them in its build cache: type-checking
// the imports from their source would cost seconds per package.
func exports(t testing.TB, dir string) importer.Lookup {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goCmd, "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v: %s", err, strings.TrimSpace(string(ee.Stderr)))
		}
		t.Fatalf("go list -export in %s: %v", dir, err)
	}
	files := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, "\t"); ok && file != "" {
			files[path] = file
		}
	}
	return func(path string) (io.ReadCloser, error) {
		file, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
}

// parseDir parses the package's non-test files in dir, as the go command
// would build them here (build constraints honoured).
func parseDir(t testing.TB, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	var files []*ast.File
	for _, n := range append(pkg.GoFiles, pkg.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	return files
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
