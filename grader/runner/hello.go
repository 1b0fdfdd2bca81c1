package runner

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// helloWall bounds a hello-world's build and its run: only a hang comes
// near it.
const helloWall = 10 * time.Minute

// Hello builds and runs a toolchain's hello-world with its preset in the
// sandbox, as it would a submission, and returns the preset's tools and
// runtime ("python 3.11.2"). The error says what did not work: a tool
// missing or broken in the box (wrapping ErrNoTool), the build, or the
// run.
func Hello(ctx context.Context, lang rubric.Language) (tools []Tool, runtime string, err error) {
	tc := toolchain.Lookup(lang)
	if tc == nil {
		return nil, "", fmt.Errorf("no preset for language %q", lang)
	}
	src := submission.File{Name: tc.Hello.Name, Data: tc.Hello.Data}
	b, err := rubric.Preset(lang, []string{src.Name})
	if err != nil {
		return nil, "", err
	}
	// Generous: a hello-world checks that the tools work, not how fast,
	// and must say the same on a loaded machine (a cold Go build of the
	// standard library took 57 s beside other work): the walls are far
	// above what any load makes of the CPU limit.
	s := newSandboxed(b, rubric.Limits{Wall: helloWall, CPU: 20 * time.Second, BuildWall: helloWall})
	if tools, err = s.Tools(ctx); err != nil {
		return nil, "", err
	}
	built, err := s.Build(ctx, []submission.File{src}, sandbox.Hooks{})
	if err != nil {
		return tools, s.Runtime(), err
	}
	if !built.OK {
		return tools, s.Runtime(), fmt.Errorf("the build failed: %s", lastLine([]byte(built.Log)))
	}
	defer built.Program.Close()
	ex, err := built.Program.Run(ctx, grader.Input{Args: []string{"box"}, Stdin: []byte("world\n")})
	if err != nil {
		return tools, s.Runtime(), err
	}
	if got := string(ex.Stdout); ex.ExitCode != 0 || ex.Limit != grader.None || got != "hello, world box\n" {
		return tools, s.Runtime(), fmt.Errorf("the run printed %q, exit status %d, limit %q: %s",
			strings.TrimSpace(got), ex.ExitCode, ex.Limit, lastLine(ex.Stderr))
	}
	return tools, s.Runtime(), nil
}
