// Package modes_test runs the scripts that compare warm and cold grading and repeat JVM-heavy batches: the end-to-end scripts in
// testdata/*.txtar, as a test binary of its own (see package
// cmd/autograder/internal/scripttest), since go test's 10-minute timeout
// is per package and cmd/autograder's scripts together came near it on a
// busy machine.
package modes_test

import (
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/scripttest"
)

func TestMain(m *testing.M) { scripttest.Main(m, scripttest.Command) }

func TestScripts(t *testing.T) { scripttest.Run(t, "testdata") }
