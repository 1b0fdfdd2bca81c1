package main

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the testscript files' golden sections with the actual output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"autograder": func() {
			os.Exit(cli.Main(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: each is a txtar
// archive with the commands to run and the files they read and print.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}
