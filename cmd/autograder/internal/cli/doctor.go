package cli

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/sandbox"
	ucli "github.com/urfave/cli/v2"
)

func doctorCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "doctor",
		Usage: "say how submissions will be contained on this machine and which tools are found",
		Action: func(c *ucli.Context) error {
			w := c.App.Writer
			t := sandbox.Detect()
			fmt.Fprintf(w, "sandbox tier: %s\n  why: %s\n", t, sandbox.Reason())
			if warn := t.Warning(); warn != "" {
				fmt.Fprintf(w, "  WARNING: %s\n", warn)
			}
			for _, tool := range []string{"java", "javac", "gcc", "g++", "python3"} {
				p, err := exec.LookPath(tool)
				if err != nil {
					fmt.Fprintf(w, "%-8s not found\n", tool)
					continue
				}
				fmt.Fprintf(w, "%-8s %s%s\n", tool, p, toolVersion(tool, p))
			}
			if j, err := warm.FindJDK(""); err != nil {
				fmt.Fprintf(w, "warm mode: unavailable (%v); Java runs cold, one JVM per case\n", err)
			} else {
				fmt.Fprintf(w, "warm mode: ready (java %s at %s)\n", j.Version, j.Java)
			}
			return nil
		},
	}
}

func toolVersion(tool, path string) string {
	flag := "--version"
	if tool == "java" || tool == "javac" {
		flag = "-version"
	}
	out, err := exec.Command(path, flag).CombinedOutput()
	if err != nil {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return " (" + first + ")"
}

// sourceExts are the file endings that make a loose file in a batch folder
// a submission of its own.
func sourceExts(a *grader.Assignment) []string {
	switch a.Rubric.Build.Language {
	case "java":
		return []string{".java"}
	case "c":
		return []string{".c"}
	case "cpp":
		return []string{".cpp", ".cc", ".cxx"}
	case "python":
		return []string{".py"}
	}
	var out []string
	for _, r := range a.Rubric.Submission.Required {
		if i := strings.LastIndex(r, "."); i > 0 {
			out = append(out, r[i:])
		}
	}
	return out
}
