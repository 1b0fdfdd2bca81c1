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
	"sync"
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
// line) has no runs. Nothing is judged.
func naiveRuns(ctx context.Context, subs []submission.Submission, main string, inputs []warm.Input, jobs int) (naive, error) {
	var r naive
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		return r, fmt.Errorf("bench --naive: %w", err)
	}
	tmp, err := os.MkdirTemp("", "autograder-bench-naive-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(tmp)
	dirs := make([]string, len(subs))
	for i, s := range subs {
		dirs[i] = filepath.Join(tmp, fmt.Sprint(i))
		if err := os.Mkdir(dirs[i], 0o755); err != nil {
			return r, err
		}
		for _, f := range s.Files {
			if err := os.WriteFile(filepath.Join(dirs[i], f.Name), f.Data, 0o644); err != nil {
				return r, err
			}
		}
	}
	start := time.Now()
	var g errgroup.Group
	g.SetLimit(jobs)
	var mu sync.Mutex
	count := func(cmd *exec.Cmd, into *time.Duration) {
		if cmd.ProcessState != nil {
			mu.Lock()
			*into += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			mu.Unlock()
		}
	}
	for i, s := range subs {
		g.Go(func() error {
			args := []string{"-d", dirs[i]}
			for _, f := range s.Files {
				args = append(args, filepath.Join(dirs[i], f.Name))
			}
			// A compile error is the submission's: it has no runs.
			cmd := exec.CommandContext(ctx, jdk.Javac, args...)
			_ = cmd.Run()
			count(cmd, &r.compileCPU)
			return nil
		})
	}
	_ = g.Wait()
	for i := range subs {
		if _, err := os.Stat(filepath.Join(dirs[i], main+".class")); err != nil {
			continue
		}
		for _, in := range inputs {
			r.runs++
			g.Go(func() error {
				cmd := exec.CommandContext(ctx, jdk.Java, append([]string{"-cp", dirs[i], main}, in.Args...)...)
				cmd.Stdin = bytes.NewReader(in.Stdin)
				cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
				_ = cmd.Run() // its exit status is the program's
				count(cmd, &r.runCPU)
				return ctx.Err()
			})
		}
	}
	if err := g.Wait(); err != nil {
		return r, err
	}
	r.wall = time.Since(start)
	return r, nil
}

// naive is what the naive way took: its wall time, its runs, and the CPU
// time of its javac and java processes (every thread of each).
type naive struct {
	wall               time.Duration
	runs               int
	compileCPU, runCPU time.Duration
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
