// Package javasrc writes EightQueen.java submissions for the CS540 Eight
// Queens homework: a correct program under each reading of the handout, one
// realistic wrong program per catalogued mistake (eightqueen.Catalogue), and
// programs with the quirks a grader must cope with (a package statement,
// System.exit, CRLF line ends, debug output on stderr, an endless loop, a
// syntax error).
//
// Every variant comes from one Java template (EightQueen.java.tmpl): the
// programs are the same student's code except at the few points where a
// reading, a mistake or a quirk makes them differ, as real wrong submissions
// differ from right ones. A variant without output-affecting quirks prints,
// for every valid command line, exactly what eightqueen.Output prints for its
// Reading and Mistake.
package javasrc

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// FileName is the name the handout requires for the submission.
const FileName = "EightQueen.java"

// Extra holds quirks of a submission that the reference does not model:
// ones that do not change what stdout says (or change only its spelling),
// and ones that stop the program from running at all.
type Extra struct {
	Package        bool // starts with `package hw4;` (the class is then hw4.EightQueen)
	ExitAtEnd      bool // calls System.exit(0) at the end of main
	CRLF           bool // ends every line with "\r\n"
	TrailingSpaces bool // prints a space at the end of every line
	DebugStderr    bool // prints debug lines on System.err (stdout stays exact)
	Loop           bool // FLAG 5XX never ends (after printing line 0, it loops without output)
	CompileError   bool // does not compile (a missing semicolon)
}

// Variant selects one submission.
type Variant struct {
	Reading eightqueen.Reading
	Mistake string // "" or the Name of a eightqueen.Catalogue() entry
	Extra   Extra
}

// Name is a short identifier usable as a file or folder name: "correct",
// "reading-steepest-nonraising", "reading-steepest-nonraising+cool-before",
// "mistake-sa-no-cooling", "extra-crlf"; a variant combining a reading, a
// mistake or quirks joins those parts with "_".
func (v Variant) Name() string {
	var parts []string
	def := map[string]bool{}
	for _, n := range eightqueen.Default.Names() {
		def[n] = true
	}
	var choices []string
	for _, n := range v.Reading.Names() {
		if !def[n] {
			choices = append(choices, n)
		}
	}
	if len(choices) > 0 {
		parts = append(parts, "reading-"+strings.Join(choices, "+"))
	}
	if v.Mistake != "" {
		parts = append(parts, "mistake-"+v.Mistake)
	}
	for _, q := range v.Extra.names() {
		parts = append(parts, "extra-"+q)
	}
	if len(parts) == 0 {
		return "correct"
	}
	return strings.Join(parts, "_")
}

func (e Extra) names() []string {
	var out []string
	for _, q := range []struct {
		on   bool
		name string
	}{
		{e.Package, "package"},
		{e.ExitAtEnd, "exit-at-end"},
		{e.CRLF, "crlf"},
		{e.TrailingSpaces, "trailing-spaces"},
		{e.DebugStderr, "debug-stderr"},
		{e.Loop, "loop"},
		{e.CompileError, "compile-error"},
	} {
		if q.on {
			out = append(out, q.name)
		}
	}
	return out
}

// Class is the fully qualified name of the variant's main class.
func (v Variant) Class() string {
	if v.Extra.Package {
		return "hw4.EightQueen"
	}
	return "EightQueen"
}

// Options are the reference options whose output the variant's stdout
// matches (up to line ends and trailing spaces under CRLF and TrailingSpaces;
// not at all for FLAG 5XX under Loop, or under CompileError).
func (v Variant) Options() eightqueen.Options {
	opt := eightqueen.Options{Reading: v.Reading}
	if v.Mistake != "" {
		k, err := eightqueen.LookupMistake(v.Mistake)
		if err != nil {
			panic("javasrc: " + err.Error())
		}
		opt.Mistakes = []eightqueen.Mistake{k}
	}
	return opt
}

// Variants lists the correct program under each reading (eightqueen.Readings,
// Default first), one program per catalogued mistake (under Default), then
// one program per Extra quirk (otherwise correct, under Default).
func Variants() []Variant {
	var out []Variant
	for _, r := range eightqueen.Readings() {
		out = append(out, Variant{Reading: r})
	}
	for _, k := range eightqueen.Catalogue() {
		out = append(out, Variant{Mistake: k.Name})
	}
	for _, e := range []Extra{
		{Package: true}, {ExitAtEnd: true}, {CRLF: true}, {TrailingSpaces: true},
		{DebugStderr: true}, {Loop: true}, {CompileError: true},
	} {
		out = append(out, Variant{Extra: e})
	}
	return out
}

//go:embed EightQueen.java.tmpl
var templateText string

var tmpl = template.Must(template.New(FileName).Option("missingkey=error").Parse(templateText))

// knobs is what the template sees: the reading, the mistake as the switch
// points it flips, and the quirks.
type knobs struct {
	eightqueen.Reading
	Extra

	DoubleCount, ValueFirst, StayPut      bool
	FirstSteepest, StartBoard             bool
	NoSolvedAtCutoff, LowerSolved         bool
	NoCooling, RejectNotCounted, NextInt8 bool
	RunPastOptimum                        bool
	acceptance                            string
	loopCond                              string
	tempType, cool                        string
}

// mistakes maps each catalogued mistake to the switch points it flips.
var mistakes = map[string]func(*knobs){
	"sa-accept-below-t":       func(k *knobs) { k.acceptance = "dE <= 0 || prob < T" },
	"sa-exp-sign":             func(k *knobs) { k.acceptance = "dE <= 0 || prob < Math.exp(dE / T)" },
	"sa-pow-t":                func(k *knobs) { k.acceptance = "dE <= 0 || prob < Math.pow(T, dE)" },
	"sa-no-cooling":           func(k *knobs) { k.NoCooling = true },
	"sa-rejected-not-counted": func(k *knobs) { k.RejectNotCounted = true },
	"sa-nextint-8":            func(k *knobs) { k.NextInt8 = true },
	"value-first-order":       func(k *knobs) { k.ValueFirst = true },
	"extra-iteration":         func(k *knobs) { k.loopCond = "iter <= cutoff" },
	"missing-iteration":       func(k *knobs) { k.loopCond = "iter < cutoff - 1" },
	"pairs-counted-twice":     func(k *knobs) { k.DoubleCount = true },
	"lowercase-solved":        func(k *knobs) { k.LowerSolved = true },
	"no-solved-at-cutoff":     func(k *knobs) { k.NoSolvedAtCutoff = true },
	"fc-prints-start-board":   func(k *knobs) { k.StartBoard = true },
	"hc-first-steepest":       func(k *knobs) { k.FirstSteepest = true },
	"stay-put-successor":      func(k *knobs) { k.StayPut = true },
	"fc-runs-past-optimum":    func(k *knobs) { k.RunPastOptimum = true },
	"sa-cool-minus-one":       func(k *knobs) { k.cool = "T = T - 1;" },
	// An int temperature: the correct test's -dE / T is then integer
	// division, and "T *= rate" compiles (it truncates). The guard is the
	// student's fix for the ArithmeticException T = 0 threw.
	"sa-int-division":  func(k *knobs) { k.tempType, k.cool = "int", "if (T > 1) T *= rate;" },
	"sa-always-accept": func(k *knobs) { k.acceptance = "true" },
}

// Say is the Java statement that prints expr as one line: println, or under
// CRLF and TrailingSpaces the print a student with that habit writes.
func (k *knobs) Say(expr string) string {
	tail := ""
	if k.TrailingSpaces {
		tail += " "
	}
	if k.CRLF {
		tail += `\r\n`
	}
	switch {
	case tail == "":
	case len(expr) >= 2 && expr[0] == '"' && strings.Count(expr, `"`) == 2 && expr[len(expr)-1] == '"':
		expr = expr[:len(expr)-1] + tail + `"` // "Solved" becomes "Solved\r\n"
	default:
		expr += ` + "` + tail + `"`
	}
	if k.CRLF {
		return "System.out.print(" + expr + ");"
	}
	return "System.out.println(" + expr + ");"
}

// Solved is the Java string literal of the goal line.
func (k *knobs) Solved() string {
	if k.LowerSolved {
		return `"solved"`
	}
	return `"Solved"`
}

// Accept is the acceptance test of simulated annealing.
func (k *knobs) Accept() string { return k.acceptance }

// TempType is the Java type of the temperature.
func (k *knobs) TempType() string { return k.tempType }

// Cool is the statement that lowers the temperature once per iteration.
func (k *knobs) Cool() string { return k.cool }

// LoopCond is the condition that keeps 3XX-5XX making moves.
func (k *knobs) LoopCond() string { return k.loopCond }

// Bound is the argument of the nextInt draws of simulated annealing.
func (k *knobs) Bound() int {
	if k.NextInt8 {
		return 8
	}
	return 7
}

// Source returns the complete EightQueen.java of the variant. It panics if
// v.Mistake is not a catalogued mistake's name.
func Source(v Variant) string {
	k := &knobs{Reading: v.Reading, Extra: v.Extra, acceptance: "prob < Math.exp(-dE / T)", loopCond: "iter < cutoff",
		tempType: "double", cool: "T = T * rate;"}
	if v.Mistake != "" {
		set, ok := mistakes[v.Mistake]
		if !ok {
			_, err := eightqueen.LookupMistake(v.Mistake)
			if err == nil {
				err = fmt.Errorf("mistake %q has no Java version", v.Mistake)
			}
			panic("javasrc: " + err.Error())
		}
		set(k)
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, k); err != nil {
		panic("javasrc: " + err.Error()) // the template is fixed: a bug here, not bad input
	}
	return b.String()
}

// WriteSubmission writes the variant's source to dir/EightQueen.java,
// creating dir if needed.
func WriteSubmission(dir string, v Variant) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, FileName), []byte(Source(v)), 0o644)
}
