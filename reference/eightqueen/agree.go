package eightqueen

import (
	"bytes"

	"github.com/cs540-tools/autograder/reference/javarand"
)

// Outcome is one distinct output and the readings that print it.
type Outcome struct {
	Output   []byte
	Readings []Reading
}

// UnseededProbe is the seed Outcomes uses for seed -1 runs, so that every
// reading draws the same numbers and only the reading can differ.
const UnseededProbe = 540

// Outcomes runs cmd under each of the readings (all readings that matter for
// its part when readings is nil) and groups them by output, in order of first
// appearance.
func Outcomes(cmd Command, readings []Reading) []Outcome {
	if readings == nil {
		readings = ReadingsFor(cmd.Part())
	}
	var out []Outcome
	for _, r := range readings {
		got := Output(cmd, Options{Reading: r, Unseeded: javarand.New(UnseededProbe)})
		i := 0
		for i < len(out) && !bytes.Equal(out[i].Output, got) {
			i++
		}
		if i == len(out) {
			out = append(out, Outcome{Output: got})
		}
		out[i].Readings = append(out[i].Readings, r)
	}
	return out
}

// Agree reports whether every reading (all readings that matter for the part
// when readings is nil) prints the same output for cmd.
func Agree(cmd Command, readings []Reading) bool {
	return len(Outcomes(cmd, readings)) <= 1
}
