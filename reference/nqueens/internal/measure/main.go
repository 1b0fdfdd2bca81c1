// Command measure prints the success rates of the N-queens reference
// solvers and the R and K of each part scored by success, as a Markdown
// table for cases/nqueens/MEASURED.md and as the Go literal of
// nqueens.Parts.
//
//	go run ./reference/nqueens/internal/measure [-seeds 10000] [-broken 2000] [-runs 20]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cs540-tools/autograder/reference/nqueens"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
}

// run measures every part of nqueens.Parts again and prints the tables.
func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	seeds := fs.Int("seeds", 10000, "seeds per correct solver")
	broken := fs.Int("broken", 2000, "seeds per broken variant")
	runs := fs.Int("runs", 20, "runs per case (R)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var parts []nqueens.Part
	for _, p := range nqueens.Parts {
		m, err := measure(p, *seeds, *broken)
		if err != nil {
			return err
		}
		m.Runs = *runs
		parts = append(parts, m.Sized())
	}
	if err := nqueens.WriteTable(w, parts); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, p := range parts {
		fmt.Fprintf(w, "%#v\n", p)
	}
	return nil
}

// measure returns p with its rates measured again.
func measure(p nqueens.Part, seeds, broken int) (nqueens.Part, error) {
	c, err := nqueens.Measure(p.Correct.Solver, p.N, seeds)
	if err != nil {
		return p, err
	}
	p.Correct = c
	var bs []nqueens.Rate
	for _, b := range p.Broken {
		r, err := nqueens.Measure(b.Solver, p.N, broken)
		if err != nil {
			return p, err
		}
		bs = append(bs, r)
	}
	p.Broken = bs
	return p, nil
}
