package nqueens

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// Output is a run's stdout as the checker reads it.
type Output struct {
	// Lines are the output's lines, without line ends and trailing
	// blanks; Lines[i] is line i+1.
	Lines []string
	// Blocks are the runs of consecutive lines made only of '.', 'q' and
	// 'Q': the printed boards, one or several back to back.
	Blocks []Block
	// Claims are the lines (1-based) that claim a solution ("Solved
	// puzzle.", "Found solution").
	Claims []int
	// Evaluations are the random search's "iteration I: evaluation=E"
	// lines.
	Evaluations []Evaluation
}

// Block is a run of board lines starting at line Line (1-based).
type Block struct {
	Line int
	Rows []string
}

// Evaluation is a line "iteration I: evaluation=E".
type Evaluation struct {
	Line, Iteration, Value int
}

var (
	evalLine = regexp.MustCompile(`^iteration (\d+): evaluation=(-?\d+)$`)
	claim    = regexp.MustCompile(`(?i)\bsolved\b|\bfound (a )?solution\b|\bsolution found\b`)
	denial   = regexp.MustCompile(`(?i)\bnot\b|\bno\b|n't\b|\bfail`)
)

// Parse reads a run's stdout. It never fails: what is not a board, a
// claim or an evaluation is text the checker ignores.
func Parse(stdout []byte) Output {
	var out Output
	text := strings.ReplaceAll(string(stdout), "\r\n", "\n")
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return out
	}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \t\r")
		out.Lines = append(out.Lines, l)
		out.read(i+1, l)
	}
	return out
}

// read files line n, l.
func (o *Output) read(n int, l string) {
	if isBoardLine(l) {
		k := len(o.Blocks) - 1
		if k >= 0 && o.Blocks[k].Line+len(o.Blocks[k].Rows) == n {
			o.Blocks[k].Rows = append(o.Blocks[k].Rows, l)
		} else {
			o.Blocks = append(o.Blocks, Block{Line: n, Rows: []string{l}})
		}
		return
	}
	if m := evalLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
		i, err1 := strconv.Atoi(m[1])
		v, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil {
			o.Evaluations = append(o.Evaluations, Evaluation{Line: n, Iteration: i, Value: v})
		}
	}
	if claim.MatchString(l) && !denial.MatchString(l) {
		o.Claims = append(o.Claims, n)
	}
}

// isBoardLine reports whether l is made of '.', 'q' and 'Q' only.
func isBoardLine(l string) bool {
	return l != "" && len(bytes.Trim([]byte(l), ".qQ")) == 0
}
