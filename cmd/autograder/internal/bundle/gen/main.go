// Command gen writes the assignment built into every binary (package
// bundle): the rubric and its public cases, copied into the bundle's data
// folder, which is committed in git and embedded. `go generate` and `make
// bundle` run it.
//
//	go run ./cmd/autograder/internal/bundle/gen [-rubric rubric.toml] [-out cmd/autograder/internal/bundle/data]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
)

func main() {
	rubric := flag.String("rubric", "rubric.toml", "the assignment's rubric `FILE`")
	out := flag.String("out", "cmd/autograder/internal/bundle/data", "write the bundle into `DIR` (replaced whole)")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "gen: no arguments expected; see -help")
		os.Exit(2)
	}
	if err := bundle.Generate(*rubric, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}
