package runner

import (
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// Prebuilt returns the program made of files built elsewhere (the
// sources and what a compiler wrote beside them, as Build collects
// them): each Run is a fresh box holding the files, as for a Build's
// program. Package grader/warm runs a submission cold this way when a
// warm JVM cannot run it identically, without compiling it again.
func (s *Sandboxed) Prebuilt(files []sandbox.File) grader.Program {
	return &program{s: s, files: files}
}
