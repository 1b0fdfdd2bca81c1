package toolchain

import (
	"os"
	"os/exec"
	"strings"
)

// TestFramework is a language's unit-test framework as package
// grader/unittest runs it: which of its toolchain's tools it needs, and
// what else it needs on the machine and how that is found. How the
// framework declares, runs and reports tests is grader/unittest's.
type TestFramework struct {
	// Name is its judge's name, a case file's check ("junit").
	Name string
	// Title names it in messages ("JUnit").
	Title string
	// Compiler is the toolchain's tool that compiles the instructor's
	// tests against the submission's; "" when the tests run as sources.
	Compiler string
	// Runner is the toolchain's tool that runs the tests.
	Runner string
	// Launchers are where the framework's console launcher, a file that
	// Runner starts, is looked for, in order; nil when it has none.
	Launchers []string
	// Hosts are interpreters, in order, one of which must run Probe
	// successfully for the framework to be there; nil: no probe.
	Hosts []string
	// Probe are the arguments that make a host check that it has the
	// framework.
	Probe []string
	// Needs names what Missing finds lacking ("JUnit console
	// launcher").
	Needs string
	// Install is the command that installs what it needs on Debian.
	Install string
	// Config is a configuration file a student kit ships beside the
	// public tests, so that they run under the framework alone as under
	// the grader (pytest.ini registering the points mark), and ConfigText
	// its text; "" when it needs none.
	Config, ConfigText string
}

// Launcher is the first of Launchers that is a file; "" when none is.
func (f *TestFramework) Launcher() string {
	for _, p := range f.Launchers {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// Missing says what the framework lacks on this machine, "" when nothing:
// its console launcher, or a host that passes its probe.
func (f *TestFramework) Missing() string {
	if f.Launchers != nil && f.Launcher() == "" {
		return "no " + f.Needs + " in " + strings.Join(f.Launchers, ", ") + " (" + f.Install + ")"
	}
	if f.Hosts == nil {
		return ""
	}
	for _, h := range f.Hosts {
		if exec.Command(h, f.Probe...).Run() == nil {
			return ""
		}
	}
	return "no " + f.Needs + " for " + f.Hosts[0] + " (" + f.Install + ")"
}
