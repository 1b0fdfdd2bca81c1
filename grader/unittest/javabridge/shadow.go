package javabridge

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// ListerMain prints the simple names of the classes of the packages it
// is given (and java.lang), from the JDK and its class path.
const ListerMain = "autograder.bridge.Lister"

// onDemand finds a source's type-import-on-demand declarations
// ("import java.util.*;"), static ones apart.
var onDemand = regexp.MustCompile(`(?m)^\s*import\s+(static\s+)?([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\.\s*\*\s*;`)

// OnDemandImports lists the packages the instructor's Java files
// (path -> source) import on demand ("import java.util.*;"), sorted; one
// in a comment or a text block imports nothing (toolchain.JavaBlanked).
func OnDemandImports(tests map[string][]byte) []string {
	pkgs := map[string]bool{}
	for _, src := range tests {
		for _, m := range onDemand.FindAllSubmatch(toolchain.JavaBlanked(src, true), -1) {
			if len(m[1]) == 0 {
				pkgs[strings.Join(strings.Fields(strings.ReplaceAll(string(m[2]), ".", " ")), ".")] = true
			}
		}
	}
	return sortedKeys(pkgs)
}

// ImportedNames lists the simple names of the classes that the
// instructor's tests resolve through java.lang and the packages they
// import on demand: a class in the tests' own package would win over
// those, so a student's default-package Arrays would answer a test's
// Arrays.asList. They go to Options.Reserved. It runs ListerMain with
// java on classpath (JUnit's console launcher and the test side's
// classes); the answer depends on the assignment alone, so a caller
// asks once per assignment.
func ImportedNames(ctx context.Context, java string, classpath []string, tests map[string][]byte) ([]string, error) {
	args := []string{"-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", strings.Join(classpath, string(os.PathListSeparator)), ListerMain}
	cmd := exec.CommandContext(ctx, java, append(args, OnDemandImports(tests)...)...)
	var out, msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &msg
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("listing the classes the tests import: %v\n%s", err, msg.Bytes())
	}
	return strings.Fields(out.String()), nil
}
