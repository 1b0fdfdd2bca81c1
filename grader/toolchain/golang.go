package toolchain

import (
	"bytes"
	"path/filepath"
	"regexp"

	"github.com/cs540-tools/autograder/sandbox"
)

// Go builds the sources, one package main, with the go command, without
// a module, a network or cgo, its build cache in the box.
var Go = &Toolchain{
	Name:     "go",
	Title:    "Go",
	Codes:    []string{"go"},
	Exts:     []string{".go"},
	Products: []string{"*.a", "*.o", "*.exe", "*.test"},
	Binary:   true,
	Runtime:  "go",
	// A cold build cache: the standard library compiled for each build
	// (about 35 MiB for fmt and os), and its work files beside.
	BuildBox: 256 << 20,
	Tools: []Tool{{Name: "go", Candidates: []string{"go", "/usr/local/go/bin/go", "/usr/lib/go/bin/go"},
		Version: []string{"version"}, VersionRE: regexp.MustCompile(`go version go(\S+)`)}},
	// No configuration, network, toolchain download or C compiler. The
	// build cache is the go command's default, under $HOME: the box's
	// working folder, its own in every tier (an absolute GOCACHE, as
	// /tmp/go-build, would be the host's, shared by every box, below the
	// namespaces tier).
	Env: []string{"GOENV=off", "GOTOOLCHAIN=local", "GOPROXY=off", "CGO_ENABLED=0", "GOTELEMETRY=off"},
	Commands: func(main string, sources []string) ([][]string, []string) {
		return [][]string{append([]string{"go", "build", "-o", main}, sources...)}, []string{"./" + main}
	},
	DefaultMain: func([]string) string { return "main" },
	CheckMain:   checkBinary,
	Syntax:      goSyntax,
	// The go command runs its compiler and linker from its GOROOT.
	ReadOnly: func(resolved string) []string {
		bin := filepath.Dir(resolved)
		if filepath.Base(bin) != "bin" {
			return nil
		}
		return []string{filepath.Dir(bin)}
	},
	Limit: func(stderr []byte) sandbox.Limit {
		if bytes.Contains(stderr, []byte("fatal error: runtime: out of memory")) {
			return sandbox.Memory
		}
		return sandbox.None
	},
	Hello: sandbox.File{Name: "hello.go", Data: []byte(`package main

import (
	"fmt"
	"os"
)

func main() {
	var name string
	fmt.Scan(&name)
	fmt.Printf("hello, %s %s\n", name, os.Args[1])
}
`)},
}
