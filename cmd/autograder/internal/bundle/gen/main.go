// Command gen writes the assignments built into every binary (package
// bundle): each rubric Sources lists, with its handout and public cases,
// copied into a folder of the bundle's data folder, which is committed in
// git and embedded. `go generate` and `make bundle` run it.
//
//	go run ./cmd/autograder/internal/bundle/gen [-root .] [-out cmd/autograder/internal/bundle/data]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
)

func main() {
	root := flag.String("root", ".", "the repository's `DIR`, which the sources' rubric paths are relative to")
	out := flag.String("out", "cmd/autograder/internal/bundle/data", "write the bundle into `DIR` (replaced whole)")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "gen: no arguments expected; see -help")
		os.Exit(2)
	}
	if err := bundle.GenerateAll(*root, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}
