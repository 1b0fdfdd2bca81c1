package main

import (
	"debug/elf"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
)

var cross = flag.Bool("cross", false, "TestRelease: cross-build every release target, as under CI=true")

// releaseTargets are the platforms `make release` builds for (Makefile).
var releaseTargets = []string{"linux/amd64", "linux/arm64", "darwin/arm64", "darwin/amd64", "windows/amd64"}

// TestRelease builds as `make release` does: with the bundle committed in
// the bundle's data folder (package bundle checks it is up to date), a
// static binary for this machine, which, run in a folder holding nothing but a correct
// EightQueen.java, checks it on the built-in public cases: 24 of 24. The
// other release targets are cross-built to see that they compile, under
// CI=true or with -cross.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the release binaries")
	}
	goBin := goTool()
	repo, _ := paths(t)
	data := filepath.Join(repo, "cmd", "autograder", "internal", "bundle", "data", "eightqueen")
	hidden, _ := filepath.Glob(filepath.Join(data, "cases", "eightqueen", "*", "hidden-*"))
	public, _ := filepath.Glob(filepath.Join(data, "cases", "eightqueen", "*", "*.case"))
	if len(hidden) > 0 || len(public) != 24 {
		t.Fatalf("the bundle holds %d cases, %d of them hidden; want the 24 public ones", len(public), len(hidden))
	}

	out := t.TempDir()
	build := func(goos, goarch string) string {
		t.Helper()
		bin := filepath.Join(out, "autograder-"+goos+"-"+goarch)
		if goos == "windows" {
			bin += ".exe"
		}
		cmd := exec.Command(goBin, "build", "-trimpath",
			"-ldflags", "-s -w -X github.com/cs540-tools/autograder/cmd/autograder/internal/cli.Version=v9.9.9-test",
			"-o", bin, "./cmd/autograder")
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s/%s: go build: %v\n%s", goos, goarch, err, msg)
		}
		return bin
	}
	bin := build(runtime.GOOS, runtime.GOARCH)

	if runtime.GOOS == "linux" {
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
				t.Errorf("the release binary is dynamically linked")
			}
		}
		f.Close()
	}
	if v, err := exec.Command(bin, "--version").Output(); err != nil || !strings.Contains(string(v), "v9.9.9-test") {
		t.Errorf("--version: %q, %v", v, err)
	}

	t.Run("check", func(t *testing.T) {
		needJDK(t)
		checkBuiltIn(t, bin)
	})

	t.Run("cross", func(t *testing.T) {
		if !testenv.CI() && !*cross {
			t.Skip("the other release targets are cross-built under CI=true or with -cross (about a minute with a cold build cache)")
		}
		for _, target := range releaseTargets {
			goos, goarch, _ := strings.Cut(target, "/")
			if goos == runtime.GOOS && goarch == runtime.GOARCH {
				continue
			}
			build(goos, goarch)
		}
	})
}
