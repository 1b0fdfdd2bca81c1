package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"sync"
	"time"
)

// streams are what every tier's run shares around its process: the
// caller's context, a wall clock and a kill (over them, wctx), and the
// standard streams, stdout and stderr captured up to the output limit.
type streams struct {
	ctx            context.Context // the caller's
	wctx           context.Context // ends at the wall limit or a kill, with its cause
	kill           context.CancelCauseFunc
	stopWall       context.CancelFunc
	stdout, stderr *capture
}

// newStreams starts a run's wall clock, which stops it at wall; close
// stops the clock.
func newStreams(ctx context.Context, spec Spec, wall time.Duration) *streams {
	s := &streams{ctx: ctx}
	var kctx context.Context
	kctx, s.kill = context.WithCancelCause(ctx)
	s.wctx, s.stopWall = context.WithTimeoutCause(kctx, wall, errWall)
	if spec.Stop != nil {
		go func() {
			select {
			case <-spec.Stop:
				s.kill(errStop)
			case <-kctx.Done():
			}
		}()
	}
	over := func() { s.kill(errOutput) }
	if spec.Limits.RunPastOutput {
		over = nil
	}
	teeOnly := spec.StdoutTo != nil && spec.StdoutToOnly
	outMax := spec.Limits.Output
	if teeOnly && spec.PassLimit > 0 {
		outMax = spec.PassLimit
	}
	s.stdout = &capture{max: outMax, over: over, tee: spec.StdoutTo, teeOnly: teeOnly}
	if spec.StdoutTo != nil && spec.StdoutClosed != nil {
		var once sync.Once
		s.stdout.eof = func() { once.Do(spec.StdoutClosed) }
	}
	s.stderr = &capture{max: spec.Limits.Output, over: over}
	if spec.StderrTo != nil {
		s.stderr = &capture{max: math.MaxInt64, tee: spec.StderrTo, teeOnly: true}
	}
	return s
}

func (s *streams) close() {
	s.stopWall()
	s.kill(nil)
}

// attach gives cmd the spec's stdin and the captures.
func (s *streams) attach(cmd *exec.Cmd, spec Spec) {
	switch {
	case spec.StdinFrom != nil:
		cmd.Stdin = spec.StdinFrom
	case len(spec.Stdin) > 0:
		cmd.Stdin = bytes.NewReader(spec.Stdin)
	}
	cmd.Stdout, cmd.Stderr = s.stdout, s.stderr
}

// end, once the process is gone, puts what it printed in res and returns
// the limit that stopped it (None when none did); an error when the
// caller cancelled the run. A run killed by its Stop says so in
// res.Stopped.
func (s *streams) end(res *Result) (Limit, error) {
	res.Stdout, res.StdoutTruncated = s.stdout.result()
	res.Stderr, res.StderrTruncated = s.stderr.result()
	res.Stopped = errors.Is(context.Cause(s.wctx), errStop)
	cause := causeLimit(context.Cause(s.wctx))
	if s.ctx.Err() != nil && cause == None {
		return cause, fmt.Errorf("sandbox: %w", s.ctx.Err())
	}
	return cause, nil
}
