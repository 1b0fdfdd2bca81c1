// Command autograder grades programming assignments whose output is judged
// against a reference; run `autograder help` for its commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
