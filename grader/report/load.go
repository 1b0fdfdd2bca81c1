package report

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader"
)

// LoadWarning says, for the TA, when the machine's load may have decided
// verdicts: the cases run again because their first run waited until the
// wall-time limit having used little CPU time (CaseResult.Rerun), how
// many of them the rerun changed (the machine, not the program, was slow
// the first time) and how many waited again; "" when no case was rerun.
func LoadWarning(results []grader.Result) string {
	rerun, changed, again, subs := 0, 0, 0, 0
	for _, r := range results {
		n := 0
		for _, c := range r.Cases {
			if c.Rerun == "" {
				continue
			}
			n++
			switch {
			case c.Waited:
				again++
			case c.Limit != grader.Wall:
				changed++
			}
		}
		rerun += n
		if n > 0 {
			subs++
		}
	}
	if rerun == 0 {
		return ""
	}
	were := "were"
	if rerun == 1 {
		were = "was"
	}
	s := fmt.Sprintf("%s in %s waited until the wall-time limit having used little CPU time, and %s rerun after the other cases",
		plural(rerun, "case", "cases"), plural(subs, "submission", "submissions"), were)
	if changed > 0 {
		s += fmt.Sprintf("; the rerun changed the verdict of %d: the machine was busy enough to stop correct programs (grade with fewer --jobs, or on a quieter machine)", changed)
	}
	if again > 0 {
		s += fmt.Sprintf("; %d waited again (a program that sleeps or waits for input, or a machine still busy)", again)
	}
	return s
}
