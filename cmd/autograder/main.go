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

func main() { os.Exit(run()) }

// run is the command but for exiting, so that the tests run it as it is:
// SIGINT or SIGTERM cancels the command's context (it stops, keeping what
// is finished), and a second signal kills it at once.
func run() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return cli.Main(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
}
