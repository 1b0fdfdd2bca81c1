package problem

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
	"go.yaml.in/yaml/v3"
)

// finalGroups reshapes the folders read under format 2025-09 into its
// test data groups: each folder of data/secret is a group with every
// case below it (a pass-fail problem's cases directly in data/secret are
// one more); without folders data/secret is one group with every case
// below it; data/sample is one. A group's
// settings are those of its own folder.
func finalGroups(dir string, groups []group, scoring bool) ([]group, error) {
	secret := filepath.Join(dir, "data", "secret")
	roots := []string{"sample"}
	named, err := groupFolders(secret)
	if err != nil {
		return nil, err
	}
	direct := slices.ContainsFunc(groups, func(g group) bool { return g.path == "secret" })
	switch {
	case len(named) == 0:
		named = []string{"secret"}
	case direct && scoring:
		return nil, badf(secret, "test cases beside test groups (its folders): hold one or the other")
	case direct:
		// A pass-fail problem's cases may sit beside its groups.
		named = append([]string{"secret"}, named...)
	}
	roots = append(roots, named...)
	var out []group
	for _, root := range roots {
		var g *group
		for _, f := range groups {
			if f.path != root && (root == "secret" && len(named) > 1 || !strings.HasPrefix(f.path, root+"/")) {
				continue
			}
			if g == nil {
				g = &group{path: root, set: f.set}
			}
			if f.path == root {
				g.set = f.set
			}
			g.cases = append(g.cases, f.cases...)
		}
		if g != nil {
			out = append(out, *g)
		}
	}
	for _, f := range groups {
		if !slices.ContainsFunc(out, func(g group) bool { return f.path == g.path || strings.HasPrefix(f.path, g.path+"/") }) {
			return nil, badf(filepath.Join(dir, "data", filepath.FromSlash(f.path)), "test cases in no test group: every folder of data/secret must be a group (hold test_group.yaml)")
		}
	}
	return out, nil
}

// groupFolders lists the folders of data/secret, each a test group
// whether or not it holds test_group.yaml (or testdata.yaml, its name
// before 2025-09, which packages still use), as "secret/NAME"; either
// file deeper down is an error.
func groupFolders(secret string) ([]string, error) {
	entries, err := os.ReadDir(secret)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // a package graded on its samples alone
	} else if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		folder := filepath.Join(secret, e.Name())
		out = append(out, "secret/"+e.Name())
		if err := noDeeperGroup(folder); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// noDeeperGroup refuses a test_group.yaml below a group's folder that
// makes it a group (gives a score: max_score, score_aggregation,
// require_pass, static_validation_score). One that only sets the
// validators' or the program's arguments for the cases below it, as
// BAPCtools writes them, applies to them.
func noDeeperGroup(folder string) error {
	return filepath.WalkDir(folder, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !slices.Contains(settingsNames, d.Name()) || filepath.Dir(p) == folder {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var raw map[string]any
		yaml.Unmarshal(data, &raw)
		for _, k := range []string{"max_score", "score_aggregation", "require_pass", "static_validation_score"} {
			if _, ok := raw[k]; ok {
				return badf(p, "%s: a test group inside a test group: the format allows one level of groups", k)
			}
		}
		return nil
	})
}

// finalPart makes a 2025-09 group's rubric part: a scoring problem's
// group is worth its max_score, earned as its score_aggregation says
// (pass-fail: all or nothing; sum: each case its share; min: the worst
// case's share of the whole); samples are worth nothing.
func finalPart(g group, scoring bool, file string) (rubric.Part, error) {
	p := rubric.Part{ID: partID(g.path), Name: g.path, Cases: g.path, Scoring: rubric.AllOrNothing}
	switch {
	case !scoring:
		p.Points = float64(len(g.cases))
		return p, nil
	case g.path == "sample":
		p.Scoring = rubric.Proportional
		return p, nil
	case g.set.score == nil:
		return p, badf(file, "max_score: unbounded: the grader needs each group's maximum score (give max_score)")
	}
	p.Points = *g.set.score
	switch g.set.aggregation {
	case "sum":
		p.Scoring = rubric.Proportional
	case "min":
		p.Scoring = rubric.Min
	}
	return p, nil
}

// finalParts makes the parts of a 2025-09 package's groups, checking
// data/secret's aggregation over its groups: a sum, of at most its
// max_score.
func finalParts(dir string, m meta, groups []group, secret settings) ([]rubric.Part, error) {
	var parts []rubric.Part
	var sum float64
	for _, g := range groups {
		file := filepath.Join(dir, "data", filepath.FromSlash(g.path), "test_group.yaml")
		p, err := finalPart(g, m.scoring, file)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
		if g.path != "sample" {
			sum += p.Points
		}
	}
	file := filepath.Join(dir, "data", "secret", "test_group.yaml")
	byGroups := !slices.ContainsFunc(groups, func(g group) bool { return g.path == "secret" })
	switch {
	case !m.scoring || !byGroups:
	case secret.aggregation != "sum":
		return nil, badf(file, "score_aggregation %s over test groups: the grader adds its groups' scores (sum)", secret.aggregation)
	case secret.score != nil && sum-*secret.score > 1e-9*max(1, *secret.score): // (0.1 three times is 0.30000000000000004)
		return nil, badf(file, "the groups' max_score add up to %s, more than secret's max_score %s", textfmt.Decimal(sum), textfmt.Decimal(*secret.score))
	}
	return parts, nil
}

// finalDefaults are 2025-09's defaults of a group's scoring: sum and 100
// in data/secret, pass-fail and unbounded in a group.
func finalDefaults(rel string, set *settings) {
	set.score, set.aggregation = nil, "pass-fail"
	if rel == "secret" {
		hundred := 100.0
		set.score, set.aggregation = &hundred, "sum"
	}
}

// finalKeys checks a 2025-09 test_group.yaml's scoring keys: a pass-fail
// problem gives none, and data/sample none.
func finalKeys(file, rel string, raw map[string]any, scoring bool) error {
	for _, k := range []string{"max_score", "score_aggregation", "require_pass"} {
		if _, ok := raw[k]; !ok {
			continue
		}
		switch {
		case rel == "sample":
			return badf(file, "%s is not permitted in data/sample", k)
		case !scoring:
			return badf(file, "%s: a pass-fail problem has no scores (type scoring has)", k)
		}
	}
	return nil
}

// settingsNames are the names of a group's settings file: 2025-09's, and
// the one before it.
var settingsNames = []string{"test_group.yaml", "testdata.yaml"}
