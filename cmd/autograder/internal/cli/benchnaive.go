package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/warm"
	"golang.org/x/sync/errgroup"
)

// naiveRuns grades subs the naive way, the yardstick of warm mode's
// speed: javac once per submission, then one plain `java` per input,
// jobs at a time, outside any sandbox (the sources are the bench's own,
// javasrc's, never a student's) and with no option but the class path.
// A submission javac makes no main class of (a compile error, a package
// line) has no runs. It returns the wall time and the number of runs;
// nothing is judged.
func naiveRuns(ctx context.Context, subs []submission.Submission, main string, inputs []warm.Input, jobs int) (time.Duration, int, error) {
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("bench --naive: %w", err)
	}
	tmp, err := os.MkdirTemp("", "autograder-bench-naive-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(tmp)
	dirs := make([]string, len(subs))
	for i, s := range subs {
		dirs[i] = filepath.Join(tmp, fmt.Sprint(i))
		if err := os.Mkdir(dirs[i], 0o755); err != nil {
			return 0, 0, err
		}
		for _, f := range s.Files {
			if err := os.WriteFile(filepath.Join(dirs[i], f.Name), f.Data, 0o644); err != nil {
				return 0, 0, err
			}
		}
	}
	start := time.Now()
	var g errgroup.Group
	g.SetLimit(jobs)
	runs := 0
	for i, s := range subs {
		g.Go(func() error {
			args := []string{"-d", dirs[i]}
			for _, f := range s.Files {
				args = append(args, filepath.Join(dirs[i], f.Name))
			}
			// A compile error is the submission's: it has no runs.
			return exec.CommandContext(ctx, jdk.Javac, args...).Run()
		})
	}
	_ = g.Wait()
	for i := range subs {
		if _, err := os.Stat(filepath.Join(dirs[i], main+".class")); err != nil {
			continue
		}
		for _, in := range inputs {
			runs++
			g.Go(func() error {
				cmd := exec.CommandContext(ctx, jdk.Java, append([]string{"-cp", dirs[i], main}, in.Args...)...)
				cmd.Stdin = bytes.NewReader(in.Stdin)
				cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
				_ = cmd.Run() // its exit status is the program's
				return ctx.Err()
			})
		}
	}
	if err := g.Wait(); err != nil {
		return 0, 0, err
	}
	return time.Since(start), runs, nil
}

// startCPUProfile writes a Go CPU profile of the grader to path until the
// returned stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("bench: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
