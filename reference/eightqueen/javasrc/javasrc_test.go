package javasrc_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/reference/internal/javatest"
)

func TestVariantsList(t *testing.T) {
	vs := javasrc.Variants()
	names := map[string]bool{}
	readings := map[eightqueen.Reading]bool{}
	mistakes := map[string]bool{}
	extras := 0
	for _, v := range vs {
		n := v.Name()
		if names[n] {
			t.Errorf("two variants named %q", n)
		}
		names[n] = true
		if strings.ContainsAny(n, `/\ :*?"<>|`) {
			t.Errorf("variant name %q is not a portable file name", n)
		}
		switch {
		case v.Extra != javasrc.Extra{}:
			extras++
			if v.Mistake != "" || v.Reading != eightqueen.Default {
				t.Errorf("%s: a quirk variant should be otherwise correct", n)
			}
		case v.Mistake != "":
			mistakes[v.Mistake] = true
			if v.Reading != eightqueen.Default {
				t.Errorf("%s: a mistake variant should use the default reading", n)
			}
		default:
			readings[v.Reading] = true
		}
	}
	for _, r := range eightqueen.Readings() {
		if !readings[r] {
			t.Errorf("no correct variant under reading %s", r)
		}
	}
	for _, k := range eightqueen.Catalogue() {
		if !mistakes[k.Name] {
			t.Errorf("no variant for mistake %s", k.Name)
		}
	}
	if extras != 7 {
		t.Errorf("%d quirk variants, want 7 (one per Extra field)", extras)
	}
	for _, want := range []string{"correct", "reading-steepest-nonraising", "reading-cutoff-optimum", "reading-cool-before",
		"mistake-sa-no-cooling", "extra-crlf", "extra-package", "extra-compile-error"} {
		if !names[want] {
			t.Errorf("no variant named %q", want)
		}
	}
}

func TestSource(t *testing.T) {
	correct := javasrc.Source(javasrc.Variant{})
	if !strings.Contains(correct, "public class EightQueen {") || strings.Contains(correct, "package ") {
		t.Errorf("correct source lacks the class or has a package:\n%s", correct)
	}
	for _, s := range []string{"public static void main(String[] args)", "Random rng = new Random();", "if (seed != -1) rng.setSeed(seed);",
		"rng.nextInt(7)", "rng.nextDouble()", "rng.nextInt(best.size())", "ArrayList<int[]>"} {
		if !strings.Contains(correct, s) {
			t.Errorf("correct source lacks %q", s)
		}
	}
	if strings.Contains(correct, "\r") || strings.Contains(correct, "System.err") || strings.Contains(correct, "System.exit") {
		t.Error("correct source has a quirk")
	}
	for _, v := range javasrc.Variants() {
		src := javasrc.Source(v)
		if src != javasrc.Source(v) {
			t.Errorf("%s: Source is not deterministic", v.Name())
		}
		if v.Name() != "correct" && src == correct {
			t.Errorf("%s: same source as the correct program", v.Name())
		}
		// One template: a variant differs from the correct program in a few lines.
		if d := lineDiff(correct, src); d > 30 {
			t.Errorf("%s: %d lines differ from the correct program, want a few switch points", v.Name(), d)
		}
	}
	if src := javasrc.Source(javasrc.Variant{Extra: javasrc.Extra{Package: true}}); !strings.HasPrefix(src, "package hw4;\n") {
		t.Errorf("package variant starts %.40q", src)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Source accepted an unknown mistake")
			}
		}()
		javasrc.Source(javasrc.Variant{Mistake: "no-such-mistake"})
	}()
}

// lineDiff counts the lines of a and b outside their longest common subsequence.
func lineDiff(a, b string) int {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	prev, cur := make([]int, len(y)+1), make([]int, len(y)+1)
	for i := range x {
		for j := range y {
			if x[i] == y[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return len(x) + len(y) - 2*prev[len(y)]
}

func TestWriteSubmission(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	v := javasrc.Variant{Mistake: "sa-nextint-8"}
	if err := javasrc.WriteSubmission(dir, v); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "EightQueen.java"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != javasrc.Source(v) {
		t.Error("written file differs from Source")
	}
}

// randomCommand draws a valid, repeatable command line of a family (1 to 5:
// FLAG 100, 200, 3XX, 4XX, 5XX), with a seed in the int range other than -1.
func randomCommand(rng *rand.Rand, family int) eightqueen.Command {
	c := eightqueen.Command{Flag: family * 100}
	if family >= 3 {
		c.Flag += rng.IntN(100)
	}
	for i := range c.Board {
		c.Board[i] = int8(rng.IntN(eightqueen.Size))
	}
	if c.TakesSeed() {
		for c.Seed = eightqueen.Unseeded; c.Seed == eightqueen.Unseeded; {
			if rng.IntN(4) == 0 {
				c.Seed = int64(rng.IntN(1000)) - 10
			} else {
				c.Seed = int64(int32(rng.Uint32()))
			}
		}
	}
	return c
}

// candidate draws a command line for the search of telling ones: a random
// one, or one whose cutoff is where the correct run is solved, or (FLAG 200)
// a board where a hill climb gets stuck under the non-raising reading.
func candidate(rng *rand.Rand, family int) eightqueen.Command {
	c := randomCommand(rng, family)
	switch {
	case family == 2 && rng.IntN(2) == 0:
		h := randomCommand(rng, 3)
		h.Flag = 399
		lines := outputLines(eightqueen.Output(h, eightqueen.Options{Reading: eightqueen.Reading{NonRaising: true}}))
		last := lines[len(lines)-1]
		if last != "Solved" && len(lines) <= h.Cutoff() {
			_, rest, _ := strings.Cut(last, ":")
			if b, err := eightqueen.ParseBoard(rest[:eightqueen.Size]); err == nil {
				c.Board = b
			}
		}
	case family >= 3 && rng.IntN(2) == 0:
		lines := outputLines(eightqueen.Output(c, eightqueen.Options{}))
		if k := len(lines) - 2; lines[len(lines)-1] == "Solved" && k > 0 {
			c.Flag = family*100 + k
		}
	}
	return c
}

func outputLines(out []byte) []string {
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
}

// commandLines returns the handout's examples, 300 random command lines
// (60 of each FLAG family), and, for each reading choice and each mistake,
// command lines on which it changes the output.
func commandLines(t *testing.T) []eightqueen.Command {
	t.Helper()
	examples := eightqueen.HandoutExamples()
	if len(examples) != 24 {
		t.Fatalf("%d handout examples, want 24", len(examples))
	}
	var cmds []eightqueen.Command
	for _, ex := range examples {
		c, err := eightqueen.ParseArgs(ex.Args)
		if err != nil {
			t.Fatalf("handout example line %d: %v", ex.Line, err)
		}
		if got := string(eightqueen.Output(c, eightqueen.Options{})); got != ex.Output {
			t.Fatalf("reference does not print the handout's output for %s", c)
		}
		cmds = append(cmds, c)
	}
	rng := rand.New(rand.NewPCG(540, 8))
	for i := 0; i < 300; i++ {
		cmds = append(cmds, randomCommand(rng, 1+i%5))
	}

	var wanted []javasrc.Variant
	for _, r := range eightqueen.Readings() {
		if r != eightqueen.Default {
			wanted = append(wanted, javasrc.Variant{Reading: r})
		}
	}
	for _, k := range eightqueen.Catalogue() {
		wanted = append(wanted, javasrc.Variant{Mistake: k.Name})
	}
	for _, v := range wanted {
		opt := v.Options()
		var parts []eightqueen.Part
		for _, c := range eightqueen.ReadingChoices() {
			if slices.Contains(v.Reading.Names(), c.Name) && !c.Default {
				parts = append(parts, c.Parts...)
			}
		}
		for _, k := range opt.Mistakes {
			parts = append(parts, k.Parts...)
		}
		found := 0
		for try := 0; found < 6 && try < 100_000; try++ {
			c := candidate(rng, int(parts[try%len(parts)]-'a')+1)
			if !bytes.Equal(eightqueen.Output(c, opt), eightqueen.Output(c, eightqueen.Options{})) {
				cmds = append(cmds, c)
				found++
			}
		}
		if found == 0 {
			t.Errorf("%s: found no command line on which it prints otherwise than the correct program", v.Name())
		}
	}
	return cmds
}

// runResult is one run as Driver.java reports it.
type runResult struct {
	status   string // "return", "exit:N", "throw:CLASS" or "timeout"
	out, err []byte
}

// driverOutput reads Driver.java's answers.
type driverOutput struct {
	r *bufio.Reader
}

func (d driverOutput) header(kind string) ([]string, error) {
	line, err := d.r.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("reading %s header: %v", kind, err)
	}
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != kind {
		return nil, fmt.Errorf("want a %s header, got %.100q", kind, line)
	}
	return f[1:], nil
}

func (d driverOutput) bytes(s string) ([]byte, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, err
	}
	b := make([]byte, n)
	_, err = io.ReadFull(d.r, b)
	return b, err
}

func (d driverOutput) compile() (rc string, diag []byte, err error) {
	f, err := d.header("#COMPILE")
	if err != nil {
		return "", nil, err
	}
	diag, err = d.bytes(f[2])
	return f[1], diag, err
}

func (d driverOutput) load() (string, error) {
	f, err := d.header("#LOAD")
	if err != nil {
		return "", err
	}
	return f[1], nil
}

func (d driverOutput) run() (runResult, error) {
	f, err := d.header("#RUN")
	if err != nil {
		return runResult{}, err
	}
	var r runResult
	r.status = f[0]
	if r.out, err = d.bytes(f[1]); err != nil {
		return r, err
	}
	r.err, err = d.bytes(f[2])
	return r, err
}

// normalise drops a "\r" before each "\n" and the spaces ending each line.
func normalise(b []byte) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	var out []byte
	for _, l := range lines {
		nl := bytes.HasSuffix(l, []byte("\n"))
		l = bytes.TrimSuffix(l, []byte("\n"))
		l = bytes.TrimSuffix(l, []byte("\r"))
		l = bytes.TrimRight(l, " ")
		out = append(out, l...)
		if nl {
			out = append(out, '\n')
		}
	}
	return out
}

// TestVariantsInJava compiles every variant with the JDK's javac and runs,
// in one JVM, each one that runs on the handout's examples, random command
// lines and command lines that tell the variants apart, comparing what it
// prints with eightqueen.Output for its reading and mistake.
func TestVariantsInJava(t *testing.T) {
	java, _ := javatest.Require(t)
	start := time.Now()
	cmds := commandLines(t)
	variants := javasrc.Variants()
	root := t.TempDir()

	// The script: compile everything first (javac warms up once), then run.
	var script bytes.Buffer
	for _, v := range variants {
		dir := filepath.Join(root, v.Name())
		if err := javasrc.WriteSubmission(dir, v); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&script, "compile %s %s %s\n", v.Name(), dir, filepath.Join(dir, "classes"))
	}
	type planned struct {
		v    javasrc.Variant
		cmds []eightqueen.Command
	}
	var plan []planned
	for _, v := range variants {
		if v.Extra.CompileError {
			continue
		}
		fmt.Fprintf(&script, "load %s %s %s\n", v.Name(), filepath.Join(root, v.Name(), "classes"), v.Class())
		p := planned{v: v}
		for _, c := range cmds {
			if v.Extra.Loop && c.Part() == eightqueen.PartAnneal {
				continue
			}
			p.cmds = append(p.cmds, c)
			fmt.Fprintf(&script, "run %s\n", c)
		}
		if v.Extra.Loop {
			fmt.Fprintf(&script, "runfor 300 %s\n", "515 1 12375643")
		}
		plan = append(plan, p)
	}

	ctx, cancel := javatest.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, java, "-Djava.security.manager=allow", "-XX:+UseSerialGC", filepath.Join("testdata", "Driver.java"))
	cmd.Stdin = &script
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("java Driver.java: %v\nstderr:\n%s", err, stderr.String())
	}
	d := driverOutput{bufio.NewReader(&stdout)}

	for _, v := range variants {
		rc, diag, err := d.compile()
		if err != nil {
			t.Fatalf("%s: %v", v.Name(), err)
		}
		switch {
		case v.Extra.CompileError && rc == "0":
			t.Errorf("%s: javac accepted it", v.Name())
		case !v.Extra.CompileError && rc != "0":
			t.Errorf("%s: javac failed (%s):\n%s", v.Name(), rc, diag)
		}
	}
	if t.Failed() {
		return
	}

	runs := 0
	for _, p := range plan {
		v := p.v
		if st, err := d.load(); err != nil || st != "ok" {
			t.Fatalf("%s: load: %s %v", v.Name(), st, err)
		}
		opt := v.Options()
		bad := 0
		for _, c := range p.cmds {
			r, err := d.run()
			if err != nil {
				t.Fatalf("%s: %s: %v", v.Name(), c, err)
			}
			runs++
			want := eightqueen.Output(c, opt)
			got := r.out
			var problems []string
			wantStatus := "return"
			if v.Extra.ExitAtEnd {
				wantStatus = "exit:0"
			}
			if r.status != wantStatus {
				problems = append(problems, fmt.Sprintf("ended with %s, want %s", r.status, wantStatus))
			}
			if v.Extra.DebugStderr != (len(r.err) > 0) {
				problems = append(problems, fmt.Sprintf("stderr %q", r.err))
			}
			if v.Extra.CRLF || v.Extra.TrailingSpaces {
				if len(want) > 0 && bytes.Equal(got, want) {
					problems = append(problems, "prints exactly the reference's output; the quirk is missing")
				}
				got = normalise(got)
			}
			if !bytes.Equal(got, want) {
				problems = append(problems, fmt.Sprintf("stdout differs:\njava:\n%sreference:\n%s", r.out, want))
			}
			if len(problems) > 0 {
				bad++
				if bad <= 3 {
					t.Errorf("%s: java EightQueen %s: %s", v.Name(), c, strings.Join(problems, "; "))
				}
			}
		}
		if bad > 3 {
			t.Errorf("%s: %d of %d command lines failed", v.Name(), bad, len(p.cmds))
		}
		if v.Extra.Loop {
			r, err := d.run()
			if err != nil {
				t.Fatalf("%s: %v", v.Name(), err)
			}
			if r.status != "timeout" || string(r.out) != "0:12375643 14\n" {
				t.Errorf("%s: 515 1 12375643 ended with %s after printing %q; want it still running after line 0", v.Name(), r.status, r.out)
			}
		}
	}
	if rest, _ := io.ReadAll(d.r); len(rest) > 0 {
		t.Errorf("driver printed %d unexpected bytes at the end: %.200q", len(rest), rest)
	}
	t.Logf("%d variants, %d command lines, %d runs compared in %v", len(variants), len(cmds), runs, time.Since(start).Round(time.Millisecond))
}
