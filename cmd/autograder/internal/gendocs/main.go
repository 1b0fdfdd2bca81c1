// Command gendocs writes docs/commands.md, the command reference, from the
// commands' own help (cli.Manual), as cmd/go's alldocs.go is written from
// `go help`. Run it from anywhere in the repository after changing a
// command or a flag:
//
//	go run ./cmd/autograder/internal/gendocs
//
// Its tests check the docs: that docs/commands.md is what it would write,
// and that every relative link and #anchor in README.md and docs/ leads
// somewhere.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
	"github.com/cs540-tools/autograder/internal/atomicfile"
)

func main() {
	out := flag.String("o", "", "write the manual to `FILE` (default: docs/commands.md in the module's root)")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintf(os.Stderr, "gendocs: %v\n", err)
		os.Exit(1)
	}
}

func run(out string) error {
	if out == "" {
		root, err := moduleRoot()
		if err != nil {
			return err
		}
		out = filepath.Join(root, manualPath)
	}
	var b bytes.Buffer
	if err := cli.Manual(&b); err != nil {
		return err
	}
	return atomicfile.WriteFile(out, b.Bytes())
}

// manualPath is the manual's place in the repository.
const manualPath = "docs/commands.md"

// moduleRoot is the folder holding go.mod, the working folder or the
// nearest above it.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod here or above: run gendocs inside the repository")
		}
		dir = parent
	}
}
