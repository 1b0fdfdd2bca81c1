package grader

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/submission"
)

// sources is what Grade makes of a submission's files before it builds:
// the files to build with the deduction and notes they bring, or, when
// status is set, why nothing is built.
type sources struct {
	files  []submission.File
	deduct float64
	notes  []string

	status  Status
	verdict Verdict
	note    string
}

func (a *Assignment) sources(sub submission.Submission) sources {
	files, missing, ambiguous := a.pickFiles(sub.Files)
	if len(missing) > 0 {
		return sources{status: StatusMissing, verdict: MissingFile, note: "missing " + strings.Join(missing, ", ")}
	}
	var src sources
	if ambiguous != "" {
		src.notes = append(src.notes, ambiguous)
	}
	var dropped []string
	files, dropped = a.dropProducts(files)
	src.notes = append(src.notes, dropped...)
	if found := packageFiles(files); len(found) > 0 {
		switch a.Rubric.Submission.Package {
		case "reject":
			return sources{status: StatusReject, verdict: Rejected, note: fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", "))}
		case "strip":
			files = stripPackage(files)
			src.deduct = a.Rubric.Submission.PackagePenalty
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement: removed before building, %s points deducted", strings.Join(found, ", "), formatPoints(src.deduct)))
		default:
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", ")))
		}
	}
	src.files = files
	return src
}

// dropProducts leaves out what a compiler makes (class files, jars, object
// files): a submission is built from its sources alone, whatever it
// brought. Required files and the rubric's submission.allow are kept.
func (a *Assignment) dropProducts(files []submission.File) ([]submission.File, []string) {
	s := a.Rubric.Submission
	var ignored []string
	files = slices.DeleteFunc(slices.Clone(files), func(f submission.File) bool {
		base := path.Base(f.Name)
		if !a.Rubric.Build.Product(f.Name) || slices.Contains(s.Required, base) || slices.Contains(s.Allow, base) {
			return false
		}
		ignored = append(ignored, f.Name)
		return true
	})
	if len(ignored) == 0 {
		return files, nil
	}
	return files, []string{fmt.Sprintf("ignored %s: only sources are built", strings.Join(ignored, ", "))}
}

// BuildFiles returns the files Grade gives the runner's Build for sub,
// nil when it would build nothing (the submission is unreadable, late
// past the policy, missing a file or rejected). A Preparer is given these.
func (a *Assignment) BuildFiles(sub submission.Submission, lateDays int) []submission.File {
	if _, ok := a.Rubric.Late.Penalty(lateDays); !ok || sub.Problem != "" {
		return nil
	}
	src := a.sources(sub)
	if src.status != "" {
		return nil
	}
	return src.files
}

// pickFiles picks the files to build: the folder holding the first required
// file (the shallowest if several) and every file directly in it. Students
// zip folders in many ways (hw4/EightQueen.java, src/...); the required
// names are what anchors the build. When more than one such file is the
// shallowest, the first by name is used and ambiguous is a note naming
// them all.
func (a *Assignment) pickFiles(files []submission.File) (picked []submission.File, missing []string, ambiguous string) {
	req := a.Rubric.Submission.Required
	if len(req) == 0 {
		return files, nil, ""
	}
	var candidates []string // the shallowest files named req[0], by name
	depth := math.MaxInt
	for _, f := range files {
		if path.Base(f.Name) == req[0] {
			switch d := strings.Count(f.Name, "/"); {
			case d < depth:
				candidates, depth = []string{f.Name}, d
			case d == depth:
				candidates = append(candidates, f.Name)
			}
		}
	}
	if len(candidates) == 0 {
		return nil, slices.Clone(req), ""
	}
	slices.Sort(candidates)
	dir := path.Dir(candidates[0])
	if len(candidates) > 1 {
		ambiguous = fmt.Sprintf("%d files named %s at the same depth: built %s, ignored %s",
			len(candidates), req[0], candidates[0], strings.Join(candidates[1:], ", "))
	}
	for _, f := range files {
		if path.Dir(f.Name) == dir {
			picked = append(picked, submission.File{Name: path.Base(f.Name), Data: f.Data})
		}
	}
	for _, r := range req {
		if !slices.ContainsFunc(picked, func(f submission.File) bool { return f.Name == r }) {
			missing = append(missing, r)
		}
	}
	return picked, missing, ambiguous
}

// packageFiles names the Java sources with a package statement (one in a
// comment or a string is none).
func packageFiles(files []submission.File) []string {
	var out []string
	for _, f := range files {
		if _, _, _, ok := submission.JavaPackage(f.Data); ok && strings.HasSuffix(f.Name, ".java") {
			out = append(out, f.Name)
		}
	}
	return out
}

// stripPackage blanks package statements, keeping line numbers and columns
// for javac's messages.
func stripPackage(files []submission.File) []submission.File {
	out := slices.Clone(files)
	for i, f := range out {
		if _, start, end, ok := submission.JavaPackage(f.Data); ok && strings.HasSuffix(f.Name, ".java") {
			data := slices.Clone(f.Data)
			for k := start; k < end; k++ {
				if data[k] != '\n' && data[k] != '\r' {
					data[k] = ' '
				}
			}
			out[i].Data = data
		}
	}
	return out
}
