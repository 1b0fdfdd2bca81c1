package cases

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Case is one test: a command line, its input and the outputs accepted.
type Case struct {
	ID         string // "<part>/<name>", e.g. "c/hidden-07"
	Part       string // the part's folder, slash-separated
	Args       []string
	Stdin      []byte // nil when the case has no stdin section
	Visibility Visibility
	Note       string
	// Check, when set, names the judge of this case instead of the
	// rubric's [judge]: "reference", the rubric's reference program (which
	// checks a run it cannot predict, an unseeded one, by the rules every
	// correct run obeys; such a case has no Outputs), or the name of a
	// judge the grader is given ("tokens"; see grader.Judges).
	Check string
	// Runs, when set, is how many times the case runs (runs: R, from 1 to
	// MaxRuns), for a program whose every run differs: each run is judged
	// on its own, and the case passes when MinPass of them pass (0: every
	// one), or, with Score "fraction", earns the fraction that passed. A
	// case with Runs set has {run} and {seed} replaced in its args and
	// stdin (see Attempt).
	Runs    int
	MinPass int
	Score   string
	// Exit is how a correct run ends: "" (the default), with status 0;
	// ExitNonzero, with a status other than 0 and on its own (not killed),
	// as a program rejecting its command line does; ExitAny, on its own
	// with any status. A run that ended so is handed to the case's judge,
	// its exit status and stderr with it.
	Exit    string
	Outputs []Output // at least one, unless Check is set
	Path    string   // the file it was read from; empty for a generated case
	// JudgeArgs, when not nil, are the arguments the case's judge gets
	// instead of the rubric's [judge] flags: a problem package's
	// output_validator_args for the case or its test group. Case files
	// have no key for it.
	JudgeArgs []string
}

// CheckReference names the rubric's reference program as a case's judge.
const CheckReference = "reference"

// The exit key's values besides "0": a correct run exits with a status
// other than 0 (a usage error), or with any status (the judge decides).
const (
	ExitNonzero = "nonzero"
	ExitAny     = "any"
)

// MaxRuns is the most runs a case may ask for.
const MaxRuns = 1000

// ScoreFraction is the score key's one value: a repeated case earns the
// fraction of its runs that passed.
const ScoreFraction = "fraction"

// Output is one accepted standard output.
type Output struct {
	Readings []string // the readings it is accepted under; nil means every reading
	Stdout   []byte   // never nil once parsed
}

// Visibility says who may see a case.
type Visibility string

// The visibilities.
const (
	Public Visibility = "public" // run by a student's check, shown with its diff
	Hidden Visibility = "hidden" // run only when grading
)

// ErrInvalid marks every error caused by a case file's content.
var ErrInvalid = errors.New("invalid case")

// judgeName is what a check key may name.
var judgeName = regexp.MustCompile(`^[a-z0-9_-]+$`)

type posError struct {
	name string
	line int
	msg  string
}

func (e *posError) Error() string { return fmt.Sprintf("%s:%d: %s", e.name, e.line, e.msg) }
func (e *posError) Unwrap() error { return ErrInvalid }

// noFinalNewline ends a section whose content lacks a final newline.
const noFinalNewline = `\ no final newline`

// Accepts returns the outputs a part accepting the given readings accepts:
// the unlabelled ones and those labelled with one of readings. An empty
// readings list accepts every reading, hence every output.
func (c Case) Accepts(readings []string) []Output {
	if len(readings) == 0 {
		return slices.Clone(c.Outputs)
	}
	var out []Output
	for _, o := range c.Outputs {
		if o.Readings == nil || slices.ContainsFunc(o.Readings, func(r string) bool { return slices.Contains(readings, r) }) {
			out = append(out, o)
		}
	}
	return out
}

// ShortestOutput is the size in bytes of the smallest output the case
// accepts (any reading's), and false for a case with none (its judge
// checks the run: a reference).
func (c Case) ShortestOutput() (int, bool) {
	if len(c.Outputs) == 0 {
		return 0, false
	}
	n := len(c.Outputs[0].Stdout)
	for _, o := range c.Outputs[1:] {
		n = min(n, len(o.Stdout))
	}
	return n, true
}

// Parse reads a case file's content. name is the file's path: the case's
// Part is the name of its folder and its ID "<part>/<file name without
// .case>". Load and LoadPart give nested part folders their full path.
func Parse(name string, data []byte) (Case, error) {
	stem := strings.TrimSuffix(filepath.Base(name), ".case")
	c := Case{ID: stem, Visibility: Hidden, Path: name}
	if dir := filepath.Dir(name); dir != "." && dir != string(filepath.Separator) {
		c.Part = filepath.Base(dir)
		c.ID = c.Part + "/" + stem
	}
	p := parser{name: name}
	lines := splitLines(data)
	i, err := p.header(&c, lines)
	if err != nil {
		return c, err
	}
	if err := p.sections(&c, lines[i:], i); err != nil {
		return c, err
	}
	switch {
	case c.Check == CheckReference && len(c.Outputs) > 0:
		return c, p.errf(len(lines), "a case with check: %s has no expected output: remove its -- stdout -- sections", c.Check)
	case c.Check == "" && len(c.Outputs) == 0:
		return c, p.errf(len(lines), "no expected output: add a -- stdout -- section (or check: reference)")
	}
	return c, nil
}

// header reads the "key: value" lines before the first section marker
// into c and returns the index of the line after them.
func (p parser) header(c *Case, lines []string) (int, error) {
	seen := map[string]bool{}
	at := map[string]int{} // the line index of each repeat key
	i := 0
	for ; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if IsMarker(line) {
			break
		}
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return i, p.errf(i, "want \"key: value\", a # comment or a section marker such as -- stdout --, got %q", clip(line))
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if seen[key] {
			return i, p.errf(i, "%s given twice", key)
		}
		seen[key], at[key] = true, i
		if err := p.key(c, i, key, value); err != nil {
			return i, err
		}
	}
	if !seen["args"] {
		return i, p.errf(i, "no args line (write \"args:\" for a program run without arguments)")
	}
	return i, p.checkRepeat(*c, at)
}

// key reads one header key, on line index i, into c.
func (p parser) key(c *Case, i int, key, value string) error {
	if ok, err := p.repeatKey(c, i, key, value); ok {
		return err
	}
	switch key {
	case "args":
		args, err := splitArgs(value)
		if err != nil {
			return p.errf(i, "args: %v", err)
		}
		c.Args = args
	case "visibility":
		switch v := Visibility(value); v {
		case Public, Hidden:
			c.Visibility = v
		default:
			return p.errf(i, "visibility must be public or hidden, got %q", clip(value))
		}
	case "note":
		c.Note = value
	case "check":
		if !judgeName.MatchString(value) {
			return p.errf(i, "check must name a judge (%q: the rubric's reference program; or a judge's name, made of a-z, 0-9, _ and -), got %q", CheckReference, clip(value))
		}
		c.Check = value
	case "exit":
		switch value {
		case "0":
		case ExitNonzero, ExitAny:
			c.Exit = value
		default:
			return p.errf(i, "exit must be 0, %s (a correct run stops with an error status, as on a usage error) or %s (its judge decides), got %q", ExitNonzero, ExitAny, clip(value))
		}
	default:
		return p.errf(i, "unknown key %q (want args, visibility, note, check, exit, runs, min_pass or score)", clip(key))
	}
	return nil
}

// sections reads the stdin and stdout sections into c; lines start at
// line index first of the file.
func (p parser) sections(c *Case, lines []string, first int) error {
	for i := 0; i < len(lines); {
		start := i
		kind, label, err := parseMarker(lines[i])
		if err != nil {
			return p.errf(first+i, "%v", err)
		}
		i++
		var content []byte
		for ; i < len(lines) && !IsMarker(lines[i]); i++ {
			line := lines[i]
			if strings.TrimRight(line, " \t\r") == noFinalNewline {
				if len(content) == 0 {
					return p.errf(first+i, "%q must follow the last line of a non-empty section", noFinalNewline)
				}
				if i+1 < len(lines) && !IsMarker(lines[i+1]) {
					return p.errf(first+i, "%q must be the last line of its section", noFinalNewline)
				}
				content = content[:len(content)-1]
				continue
			}
			content = append(content, strings.TrimPrefix(line, `\`)...)
			content = append(content, '\n')
		}
		if content == nil {
			content = []byte{}
		}
		if err := p.section(c, kind, label, content, first+start); err != nil {
			return err
		}
	}
	return nil
}

// section keeps one section's content, whose marker is on line index at.
func (p parser) section(c *Case, kind string, label []string, content []byte, at int) error {
	switch kind {
	case "stdin":
		if c.Stdin != nil {
			return p.errf(at, "a second stdin section")
		}
		c.Stdin = content
	case "stdout":
		for _, r := range label {
			for _, o := range c.Outputs {
				if slices.Contains(o.Readings, r) {
					return p.errf(at, "reading %q already has an expected output", r)
				}
			}
		}
		c.Outputs = append(c.Outputs, Output{Readings: label, Stdout: content})
	}
	return nil
}

type parser struct{ name string }

// errf reports a problem on line index i (0-based).
func (p parser) errf(i int, format string, a ...any) error {
	return &posError{p.name, i + 1, fmt.Sprintf(format, a...)}
}

// clip keeps error messages on one short line.
func clip(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return s
}

// splitLines splits data after each newline; the newlines are dropped, and
// a final line without one counts as a line.
func splitLines(data []byte) []string {
	s := string(data)
	s = strings.TrimSuffix(s, "\n")
	if len(data) == 0 {
		return nil
	}
	return strings.Split(s, "\n")
}

// IsMarker reports whether a line has the shape of a section marker
// ("-- stdout --"): where a case file's header ends.
func IsMarker(line string) bool {
	t := strings.TrimRight(line, " \t\r")
	return strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --")
}

// parseMarker reads "-- stdin --", "-- stdout --" or "-- stdout A,B --".
func parseMarker(line string) (kind string, label []string, err error) {
	t := strings.TrimRight(line, " \t\r")
	inner := ""
	if len(t) > 6 {
		inner = t[3 : len(t)-3]
	}
	f := strings.Fields(inner)
	if len(f) == 0 {
		return "", nil, fmt.Errorf("empty section marker %q (want -- stdin -- or -- stdout --)", clip(t))
	}
	switch f[0] {
	case "stdin":
		if len(f) > 1 {
			return "", nil, fmt.Errorf("the stdin section takes no readings: %q", clip(t))
		}
		return "stdin", nil, nil
	case "stdout":
		if len(f) == 1 {
			return "stdout", nil, nil
		}
		for _, r := range strings.Split(strings.Join(f[1:], " "), ",") {
			r = strings.TrimSpace(r)
			if !validReading(r) {
				return "", nil, fmt.Errorf("bad reading name %q in %q (want names of letters, digits, '.', '_', '-', separated by commas)", clip(r), clip(t))
			}
			if slices.Contains(label, r) {
				return "", nil, fmt.Errorf("reading %q named twice in %q", r, clip(t))
			}
			label = append(label, r)
		}
		return "stdout", label, nil
	}
	return "", nil, fmt.Errorf("unknown section %q (want -- stdin -- or -- stdout [READINGS] --; escape a content line that looks like a marker with a leading \\)", clip(f[0]))
}

func validReading(r string) bool {
	if r == "" {
		return false
	}
	for _, c := range []byte(r) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// splitArgs splits an args value at spaces; an argument that starts with a
// double quote is a Go string literal.
func splitArgs(s string) ([]string, error) {
	var args []string
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return args, nil
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		if s[0] != '"' {
			args = append(args, s[:end])
			s = s[end:]
			continue
		}
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, fmt.Errorf("bad quoted argument %s", clip(s))
		}
		rest := s[len(q):]
		if r, _ := utf8.DecodeRuneInString(rest); rest != "" && !unicode.IsSpace(r) {
			return nil, fmt.Errorf("a space must follow the quoted argument %s", clip(q))
		}
		a, err := strconv.Unquote(q)
		if err != nil {
			return nil, fmt.Errorf("bad quoted argument %s", clip(q))
		}
		args = append(args, a)
		s = rest
	}
}

// quoteArg writes an argument so that splitArgs reads it back.
func quoteArg(a string) string {
	if a == "" || a[0] == '"' || strings.ContainsFunc(a, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) || !utf8.ValidString(a) {
		return strconv.Quote(a)
	}
	return a
}

// Format returns the case's canonical file content: header (args,
// visibility, note, check, runs, min_pass, score), then stdin and the outputs in order. Comments are not
// kept. For every Case that Parse returns, Parse(name, Format()) returns it
// again; Write checks that a case it writes has that property.
func (c Case) Format() []byte {
	var b bytes.Buffer
	b.WriteString("args:")
	for _, a := range c.Args {
		b.WriteByte(' ')
		b.WriteString(quoteArg(a))
	}
	b.WriteByte('\n')
	v := c.Visibility
	if v == "" {
		v = Hidden
	}
	fmt.Fprintf(&b, "visibility: %s\n", v)
	if c.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", c.Note)
	}
	if c.Check != "" {
		fmt.Fprintf(&b, "check: %s\n", c.Check)
	}
	if c.Exit != "" {
		fmt.Fprintf(&b, "exit: %s\n", c.Exit)
	}
	if c.Runs > 0 {
		fmt.Fprintf(&b, "runs: %d\n", c.Runs)
	}
	if c.MinPass > 0 {
		fmt.Fprintf(&b, "min_pass: %d\n", c.MinPass)
	}
	if c.Score != "" {
		fmt.Fprintf(&b, "score: %s\n", c.Score)
	}
	if c.Stdin != nil {
		b.WriteString("-- stdin --\n")
		writeContent(&b, c.Stdin)
	}
	for _, o := range c.Outputs {
		if o.Readings == nil {
			b.WriteString("-- stdout --\n")
		} else {
			fmt.Fprintf(&b, "-- stdout %s --\n", strings.Join(o.Readings, ","))
		}
		writeContent(&b, o.Stdout)
	}
	return b.Bytes()
}

func writeContent(b *bytes.Buffer, content []byte) {
	if len(content) == 0 {
		return
	}
	s := string(content)
	final := strings.HasSuffix(s, "\n")
	for line := range strings.Lines(s) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, `\`) || IsMarker(line) {
			b.WriteByte('\\')
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if !final {
		b.WriteString(noFinalNewline + "\n")
	}
}

// repeatKey reads the runs, min_pass and score keys into c; ok is false
// for any other key.
func (p parser) repeatKey(c *Case, i int, key, value string) (ok bool, err error) {
	switch key {
	case "runs":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxRuns {
			return true, p.errf(i, "runs must be a whole number from 1 to %d, got %q", MaxRuns, clip(value))
		}
		c.Runs = n
	case "min_pass":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxRuns {
			return true, p.errf(i, "min_pass must be a whole number from 1 to the case's runs, got %q", clip(value))
		}
		c.MinPass = n
	case "score":
		if value != ScoreFraction {
			return true, p.errf(i, "score must be %s (the case earns the fraction of its runs that passed), got %q", ScoreFraction, clip(value))
		}
		c.Score = value
	default:
		return false, nil
	}
	return true, nil
}

// checkRepeat checks the repeat keys together once the header is read;
// at[key] is the line index each was given on.
func (p parser) checkRepeat(c Case, at map[string]int) error {
	switch {
	case c.Runs == 0 && c.MinPass > 0:
		return p.errf(at["min_pass"], "min_pass without runs: add a runs line (runs: R, the case runs R times)")
	case c.Runs == 0 && c.Score != "":
		return p.errf(at["score"], "score: %s without runs: add a runs line (runs: R, the case runs R times)", c.Score)
	case c.MinPass > 0 && c.Score != "":
		return p.errf(max(at["min_pass"], at["score"]), "min_pass and score: %s exclude each other: a case passes on K runs or earns the fraction passed", c.Score)
	case c.MinPass > c.Runs:
		return p.errf(at["min_pass"], "min_pass %d is more than the case's %d runs", c.MinPass, c.Runs)
	}
	return nil
}
