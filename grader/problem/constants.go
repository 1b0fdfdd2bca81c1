package problem

import (
	"regexp"

	"github.com/cs540-tools/autograder/grader/rubric"
	"go.yaml.in/yaml/v3"
)

// constantName is what a constant's name must be.
var constantName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// metaConstants reads problem.yaml's constants (2025-09): each name's
// value, a scalar or a map of a value and its variants, as the sequences
// {{name}}, {{name.value}} and {{name.variant}} write them; a value is
// replaced as the file writes it (1e6 stays 1e6). The grader replaces them
// in the output validator, included files, test_group.yaml and the
// labelled submissions.
func metaConstants(file string, data []byte, m *meta) error {
	var doc struct {
		Constants yaml.Node `yaml:"constants"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Constants.Kind == 0 {
		return nil // parseMeta has said what is wrong with the file
	}
	top := doc.Constants
	if top.Kind != yaml.MappingNode {
		return badf(file, "constants must be a map of names to values")
	}
	m.constants = rubric.Constants{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		name, v := top.Content[i].Value, top.Content[i+1]
		if !constantName.MatchString(name) {
			return badf(file, "constants: %q is not a name ([a-zA-Z_][a-zA-Z0-9_]*)", name)
		}
		switch v.Kind {
		case yaml.ScalarNode:
			m.constants["{{"+name+"}}"], m.constants["{{"+name+".value}}"] = v.Value, v.Value
		case yaml.MappingNode:
			if err := constantVariants(file, name, v, m.constants); err != nil {
				return err
			}
		default:
			return badf(file, "constants.%s must be a number, a string or a map with a value", name)
		}
	}
	return nil
}

// constantVariants reads a constant written as a map: value and variants.
func constantVariants(file, name string, v *yaml.Node, c rubric.Constants) error {
	hasValue := false
	for j := 0; j+1 < len(v.Content); j += 2 {
		key, val := v.Content[j].Value, v.Content[j+1]
		if val.Kind != yaml.ScalarNode {
			return badf(file, "constants.%s.%s must be a number or a string", name, key)
		}
		c["{{"+name+"."+key+"}}"] = val.Value
		if key == "value" {
			c["{{"+name+"}}"], hasValue = val.Value, true
		}
	}
	if !hasValue {
		return badf(file, "constants.%s: a map needs its value", name)
	}
	return nil
}
