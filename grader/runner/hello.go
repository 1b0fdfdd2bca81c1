package runner

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// hellos are a hello-world per preset: each reads a name on stdin and
// prints "hello, NAME" and its first argument.
var hellos = map[rubric.Language]submission.File{
	rubric.Java: {Name: "Hello.java", Data: []byte(`import java.util.Scanner;

public class Hello {
    public static void main(String[] args) {
        System.out.println("hello, " + new Scanner(System.in).next() + " " + args[0]);
    }
}
`)},
	rubric.C: {Name: "hello.c", Data: []byte(`#include <stdio.h>

int main(int argc, char **argv) {
    char name[64];
    if (argc < 2 || scanf("%63s", name) != 1) return 1;
    printf("hello, %s %s\n", name, argv[1]);
    return 0;
}
`)},
	rubric.CPP: {Name: "hello.cpp", Data: []byte(`#include <iostream>
#include <string>

int main(int argc, char **argv) {
    std::string name;
    if (argc < 2 || !(std::cin >> name)) return 1;
    std::cout << "hello, " << name << " " << argv[1] << "\n";
}
`)},
	rubric.Python: {Name: "hello.py", Data: []byte(`import sys

print("hello, " + input().strip() + " " + sys.argv[1])
`)},
}

// Languages are the presets, in the order doctor lists them.
var Languages = []rubric.Language{rubric.Java, rubric.C, rubric.CPP, rubric.Python}

// Hello builds and runs a hello-world with a language's preset in the
// sandbox, as it would a submission, and returns the preset's tools and
// runtime ("python 3.11.2"). The error says what did not work: a tool
// missing or broken in the box (wrapping ErrNoTool), the build, or the
// run.
func Hello(ctx context.Context, lang rubric.Language) (tools []Tool, runtime string, err error) {
	src, ok := hellos[lang]
	if !ok {
		return nil, "", fmt.Errorf("no preset for language %q", lang)
	}
	b, err := rubric.Preset(lang, []string{src.Name})
	if err != nil {
		return nil, "", err
	}
	// Generous: a hello-world checks that the tools work, not how fast.
	s := newSandboxed(b, rubric.Limits{Wall: 20 * time.Second, CPU: 20 * time.Second, BuildWall: time.Minute})
	if tools, err = s.Tools(ctx); err != nil {
		return nil, "", err
	}
	built, err := s.Build(ctx, []submission.File{src})
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
	if got := string(ex.Stdout); ex.ExitCode != 0 || ex.Limit != "" || got != "hello, world box\n" {
		return tools, s.Runtime(), fmt.Errorf("the run printed %q, exit status %d, limit %q: %s",
			strings.TrimSpace(got), ex.ExitCode, ex.Limit, lastLine(ex.Stderr))
	}
	return tools, s.Runtime(), nil
}
