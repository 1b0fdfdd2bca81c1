package rubric

import "regexp"

// Constants are a problem package's constants, as the files they are
// written into name them: each constant sequence ("{{n}}", "{{n.value}}",
// "{{n.tex}}") and what replaces it.
type Constants map[string]string

// constantRE matches a constant sequence: {{name}} or {{name.variant}}.
var constantRE = regexp.MustCompile(`\{\{[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)?\}\}`)

// Replace returns data with each constant sequence of a defined constant
// replaced; a sequence naming no constant is left as it is.
func (c Constants) Replace(data []byte) []byte {
	if len(c) == 0 {
		return data
	}
	return constantRE.ReplaceAllFunc(data, func(seq []byte) []byte {
		if v, ok := c[string(seq)]; ok {
			return []byte(v)
		}
		return seq
	})
}
