package unittest

import (
	"context"
	"fmt"

	"github.com/cs540-tools/autograder/grader/mutation"
)

// Suites implements mutation.SuiteProvider: a rubric's tests part with
// an implementations folder grades the test files students write for
// this framework (pytest: suites.go; JUnit 5: junitsuites.go).
func (j *Judge) Suites(ctx context.Context, folder string) (mutation.Suites, error) {
	switch j.fw {
	case pytest:
		return j.pytestSuites(ctx, folder)
	case junit:
		return j.junitSuites(ctx, folder)
	}
	return mutation.Suites{}, fmt.Errorf("%s: students' test suites are not graded for this framework", j.fw.title())
}
