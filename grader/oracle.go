package grader

import (
	"fmt"
	"slices"
	"sync"
)

// Oracle is what the grader knows of an assignment beyond its case files:
// the reference program itself (for Eight Queens, package reference/oracle).
// A rubric names it with its reference key; without one, cases are judged
// by their expected outputs alone and failures are not diagnosed.
type Oracle interface {
	// Name is the rubric's reference value, e.g. "eightqueen".
	Name() string
	// Check judges the stdout of a run that no expected output can
	// predict (a case with "check: reference", such as an unseeded run)
	// under the readings the part accepts (nil: every reading). It
	// returns nil when the run obeys every rule a correct run obeys.
	Check(args []string, stdout []byte, readings []string) *Violation
	// Mistakes lists the known wrong programs and what each prints for
	// args under each of the readings (nil: every reading), for Grade to
	// match a wrong answer against. A mistake may appear once per reading.
	Mistakes(args []string, readings []string) []KnownMistake
	// Hint is the paragraph for a student whose output a mistake
	// reproduces, pointing at the handout's words.
	Hint(mistake string) string
	// Trace explains, line by line, what a correct program prints for
	// args under the given reading ("" for the default): Why[i] is why
	// line i+1 of Stdout is what it is. For `check --explain`.
	Trace(args []string, reading string) (Trace, error)
}

// Violation is the line of a checked run that broke a rule.
type Violation struct {
	Line int    `json:"line"`
	Rule string `json:"rule"`
	Msg  string `json:"message"`
}

// KnownMistake is a catalogued wrong program and one of its outputs.
type KnownMistake struct {
	Name   string
	Stdout []byte
}

// Trace is a correct run explained.
type Trace struct {
	Reading string
	Stdout  []byte
	// Why has one entry per line of Stdout ("" when a line needs none),
	// and one more when how the run ended needs saying.
	Why []string
}

var (
	oraclesMu sync.Mutex
	oracles   = map[string]Oracle{}
)

// RegisterOracle makes an oracle available to rubrics by its name; the
// package that implements one registers it in an init function, and the
// program imports that package (as database/sql drivers are). Registering
// a name twice panics.
func RegisterOracle(o Oracle) {
	oraclesMu.Lock()
	defer oraclesMu.Unlock()
	if _, dup := oracles[o.Name()]; dup {
		panic("grader: oracle " + o.Name() + " registered twice")
	}
	oracles[o.Name()] = o
}

// lookupOracle returns the registered oracle called name.
func lookupOracle(name string) (Oracle, error) {
	oraclesMu.Lock()
	defer oraclesMu.Unlock()
	if o, ok := oracles[name]; ok {
		return o, nil
	}
	var known []string
	for n := range oracles {
		known = append(known, n)
	}
	slices.Sort(known)
	if len(known) == 0 {
		return nil, fmt.Errorf("no such reference program in this grader (it has none)")
	}
	return nil, fmt.Errorf("no such reference program in this grader (it has %q)", known)
}
