// Package languages_test runs the languages, problem packages, unit tests and Gradescope group of the autograder's end-to-end scripts,
// testdata/*.txtar, as a test binary of its own (see package
// cmd/autograder/internal/scripttest): go test's 10-minute timeout is per
// package, and cmd/autograder's scripts together came near it on a busy
// machine.
package languages_test

import (
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/scripttest"
)

func TestMain(m *testing.M) { scripttest.Main(m, scripttest.Command) }

func TestScripts(t *testing.T) { scripttest.Run(t, "testdata") }
