package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// writeUnforked writes a box's file while no process of the grader forks:
// a child forked while the file is open for writing holds its descriptor
// until it execs, and running the file then fails with "text file busy"
// (ETXTBSY) when runs start side by side.
func writeUnforked(p string, data []byte, mode os.FileMode) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(p, data, mode)
}

// runBasic is the basic tier: a temporary working directory, a wall clock, an
// output cap and a kill. Nothing else is contained.
func runBasic(ctx context.Context, spec Spec) (res Result, err error) {
	res.Tier = TierBasic
	spec, files, err := prepare(spec)
	if err != nil {
		return res, err
	}
	name, inBox, err := boxProgram(spec.Path, files)
	if err != nil {
		return res, err
	}
	prog := spec.Path
	if !inBox {
		if prog, err = exec.LookPath(spec.Path); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
	}
	dir, err := os.MkdirTemp("", tempPrefix+"*")
	if err != nil {
		return res, fmt.Errorf("sandbox: %w", err)
	}
	defer os.RemoveAll(dir)
	// The scratch directory sits beside the working one, so that Collect
	// never picks up the program's temporary files.
	box, tmp := filepath.Join(dir, "box"), filepath.Join(dir, "tmp")
	for _, d := range []string{box, tmp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
	}
	for _, f := range files {
		p := filepath.Join(box, filepath.FromSlash(f.Name))
		mode := f.Mode.Perm()
		if mode == 0 {
			mode = 0o644
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
		if err := writeUnforked(p, f.Data, mode); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
	}
	if inBox {
		prog = filepath.Join(box, filepath.FromSlash(name))
	}

	st := newStreams(ctx, spec, spec.Limits.Wall)
	defer st.close()
	cmd := exec.CommandContext(st.wctx, prog, spec.Args...)
	cmd.Args[0] = spec.Path
	cmd.Dir = box
	cmd.Env = basicEnv(spec.Env, box, tmp)
	st.attach(cmd, spec)
	cmd.WaitDelay = time.Second
	killable(cmd)

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, fmt.Errorf("sandbox: %w", err)
	}
	_ = cmd.Wait()
	res.Wall = time.Since(start)
	reap(cmd)
	cause, err := st.end(&res)
	if err != nil {
		return res, err
	}
	ps := cmd.ProcessState
	res.ExitCode = ps.ExitCode()
	res.CPU = ps.UserTime() + ps.SystemTime()
	res.Signal, res.PeakMemory = procStats(ps)
	res.Limit = cause
	if len(spec.Collect) > 0 {
		if res.Files, err = collect(box, spec.Collect); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
	}
	return res, nil
}
