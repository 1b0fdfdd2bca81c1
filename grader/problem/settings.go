package problem

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"

	"go.yaml.in/yaml/v3"
)

// groupKeys are testdata.yaml's (and test_group.yaml's) keys in either
// version that the grader accepts and does not use.
var groupKeys = []string{"reject_score", "range", "input_validator_flags", "input_validator_args",
	"full_feedback", "hint", "description", "static_validation", "input_visualizer_args", "output_visualizer_args"}

// parseSettings reads a group's settings file over set; file names it in
// messages.
func parseSettings(file string, data []byte, set settings) (settings, error) {
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return set, badf(file, "%s", oneLine(err.Error()))
	}
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		var err error
		switch k {
		case "on_reject":
			if set.onReject, _ = v.(string); set.onReject != "break" && set.onReject != "continue" {
				return set, badf(file, `on_reject must be "break" or "continue", got %v`, v)
			}
		case "grading":
			if v != "default" {
				return set, badf(file, `grading %v: the grader has only the default grader`, v)
			}
		case "grader_flags":
			err = graderFlags(file, v, &set)
		case "accept_score":
			if set.acceptScore, err = score(file, k, v); err != nil {
				return set, err
			}
		case "scoring":
			err = scoringMap(file, v, &set)
		case "max_score", "score_aggregation", "require_pass", "static_validation_score", "static_validator_args":
			err = finalSetting(file, k, v, &set)
		case "output_validator_flags", "output_validator_args":
			if set.flags, err = words(v, true); err != nil {
				return set, badf(file, "%s: %v", k, err)
			}
			set.flagsSet = true
		case "args":
			if set.args, err = words(v, true); err != nil {
				return set, badf(file, "args: %v", err)
			}
		default:
			if !slices.Contains(groupKeys, k) {
				return set, badf(file, "unknown key %q", k)
			}
		}
		if err != nil {
			return set, err
		}
	}
	return set, nil
}

// caseKeys are a test case's yaml keys (2023-07) that the grader accepts
// and does not use.
var caseKeys = []string{"input_validator_args", "input_visualizer_args", "output_visualizer_args", "full_feedback", "hint", "description"}

// caseSettings reads a test case's NAME.yaml, when there is one, over its
// group's settings: args, the program's command line, and
// output_validator_args, its validator's arguments, replace the group's.
// rel names it in the rubric's hash.
func caseSettings(file, rel string, set settings, content *bytes.Buffer) (settings, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return set, nil
	} else if err != nil {
		return set, err
	}
	fmt.Fprintf(content, "\n%s %d\n%s", rel, len(data), data)
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return set, badf(file, "%s", oneLine(err.Error()))
	}
	for _, k := range sortedKeys(raw) {
		var err error
		switch k {
		case "args":
			set.args, err = words(raw[k], true)
		case "output_validator_args":
			set.flags, err = words(raw[k], true)
			set.flagsSet = true
		default:
			if !slices.Contains(caseKeys, k) {
				return set, badf(file, "unknown key %q", k)
			}
		}
		if err != nil {
			return set, badf(file, "%s: %v", k, err)
		}
	}
	return set, nil
}

// graderFlags reads the legacy default grader's flags: "min" and "sum"
// are its aggregation.
func graderFlags(file string, v any, set *settings) error {
	flags, err := words(v, false)
	if err != nil {
		return badf(file, "grader_flags: %v", err)
	}
	for _, f := range flags {
		switch f {
		case "min", "sum":
			set.aggregation = f
		case "max", "avg":
			return badf(file, "grader_flags %s: the grader aggregates by sum or min only", f)
		}
	}
	return nil
}

// finalSetting reads a 2025-09 scoring key of test_group.yaml.
func finalSetting(file, k string, v any, set *settings) error {
	switch k {
	case "max_score":
		if v == "unbounded" {
			return badf(file, "max_score: unbounded: the grader needs each group's maximum score")
		}
		s, err := score(file, k, v)
		set.score = &s
		return err
	case "score_aggregation":
		a, _ := v.(string)
		if a != "sum" && a != "min" && a != "pass-fail" {
			return badf(file, `score_aggregation must be "pass-fail", "sum" or "min", got %v`, v)
		}
		set.aggregation = a
	case "require_pass":
		if w, err := words(v, true); err != nil || len(w) > 0 {
			return badf(file, "require_pass: the grader scores every group whatever the others earn")
		}
	default:
		return badf(file, "%s: the grader has no static validator (it judges programs by their runs)", k)
	}
	return nil
}

// scoringMap reads 2023-07's scoring: {score, aggregation}.
func scoringMap(file string, v any, set *settings) error {
	m, ok := v.(map[string]any)
	if !ok {
		return badf(file, "scoring must be a map (score, aggregation)")
	}
	for _, k := range sortedKeys(m) {
		switch k {
		case "score", "max_score":
			s, err := score(file, "scoring."+k, m[k])
			if err != nil {
				return err
			}
			set.score = &s
		case "aggregation", "score_aggregation":
			a, _ := m[k].(string)
			if a != "sum" && a != "min" && a != "pass-fail" {
				return badf(file, `scoring.%s must be "sum", "min" or "pass-fail", got %v`, k, m[k])
			}
			set.aggregation = a
		default:
			return badf(file, "scoring: unknown key %q", k)
		}
	}
	return nil
}

// score reads a non-negative score.
func score(file, key string, v any) (float64, error) {
	f, ok := number(v)
	if !ok || f < 0 || f > 1e9 {
		return 0, badf(file, "%s must be a number, at least 0, got %v", key, v)
	}
	return f, nil
}

// settings are a test group's, from its testdata.yaml or an ancestor's.
type settings struct {
	onReject    string // "break" or "continue"
	aggregation string // "sum", "min" or "pass-fail"
	acceptScore float64
	score       *float64 // 2023-07 scoring.score: the group's points
	flags       []string // the output validator's
	flagsSet    bool
	args        []string // the program's command line
}

var defaults = settings{onReject: "break", aggregation: "sum", acceptScore: 1}
