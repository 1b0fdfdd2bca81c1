package runner

import (
	"os/exec"
	"regexp"
	"sync"
)

var (
	javaOnce    sync.Once
	javaRuntime string
	versionRE   = regexp.MustCompile(`version "([^"]+)"`)
)

// Runtime implements grader.Describer: "java VERSION" for the Java preset
// (the java on PATH, as `java -version` names it), "" otherwise.
func (s *Sandboxed) Runtime() string {
	if !s.java {
		return ""
	}
	javaOnce.Do(func() {
		out, err := exec.Command("java", "-version").CombinedOutput()
		if m := versionRE.FindSubmatch(out); err == nil && m != nil {
			javaRuntime = "java " + string(m[1])
		}
	})
	return javaRuntime
}
