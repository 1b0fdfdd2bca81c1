package eightqueen

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"strings"
)

// Example is one command of the handout with the stdout it prints.
type Example struct {
	Args   []string
	Output string // exact stdout, "\n" line ends
	Line   int    // where the example starts in its file
}

// ParseExamples reads the handout-examples format: a block per command,
// "$ ARGS" then the expected stdout lines verbatim; lines starting with "#"
// are comments; a block with no lines expects no output.
func ParseExamples(r io.Reader) ([]Example, error) {
	var out []Example
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "$ "):
			out = append(out, Example{Args: strings.Fields(line[2:]), Line: n})
		case strings.HasPrefix(line, "#"):
		case len(out) == 0:
			return nil, fmt.Errorf("line %d: output before the first \"$ \" command", n)
		default:
			out[len(out)-1].Output += line + "\n"
		}
	}
	return out, sc.Err()
}

// handoutExamples is the handout's examples, cleaned (a test keeps it equal
// to the spec's copy).
//
//go:embed handout-examples.txt
var handoutExamples []byte

// HandoutExamples returns the 24 examples the handout prints, in its order.
func HandoutExamples() []Example {
	ex, err := ParseExamples(bytes.NewReader(handoutExamples))
	if err != nil {
		panic("eightqueen: handout-examples.txt: " + err.Error())
	}
	return ex
}
