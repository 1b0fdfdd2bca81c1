package checker

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// maxTranscript caps the conversation kept of an interactive run.
const maxTranscript = 64 << 10

// maxPass bounds what an interactive checker may send the program: its
// messages are the protocol, passed through and not kept (the
// transcript keeps maxTranscript of them), so they are not held to the
// checker's output limit, which bounds what it prints on stderr. A
// protocol that sends more than this is a checker gone wrong.
const maxPass = 256 << 20

// Interact implements grader.Interactor: the checker and the program run
// at once, each one's stdout the other's stdin.
func (i *interactor) Interact(ctx context.Context, t grader.Trial, run func(grader.Input) (grader.Execution, error)) (grader.Execution, grader.Judgement, error) {
	prog, err := i.program(ctx, t.Waiting)
	if err != nil {
		return grader.Execution{}, grader.Judgement{}, err
	}
	tr := &transcript{max: maxTranscript}
	toJudge, err := newPipe(tr, '>')
	if err != nil {
		return grader.Execution{}, grader.Judgement{}, err
	}
	toJudge.check = &textCheck{}
	toJudge.hold = pipeHold
	toProg, err := newPipe(tr, '<')
	if err != nil {
		toJudge.end()
		toJudge.drop()
		return grader.Execution{}, grader.Judgement{}, err
	}
	var judged ran
	// The checker's output ended (it said all it will say) before the
	// program did: marked before the program can read that end.
	var said atomic.Bool
	closedOut := func() { said.Store(true); toProg.end() }
	done, stop, judgedDone := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(judgedDone)
		judged = i.converse(ctx, prog, t, toJudge, toProg, closedOut)
		// Marked before the program can read its end of file: the
		// program cannot end because of it before the checker is seen
		// to have ended first.
		close(done)
		if judged.err == nil {
			judged.j, judged.jerr = i.judgement(judged.res)
		}
		if judged.err == nil && judged.jerr == nil && !judged.j.Pass {
			// Decided: nothing the program does now changes its verdict,
			// and it need not wait out its limits.
			close(stop)
		}
		toProg.end()
		toJudge.drop()
	}()
	ex, runErr := run(grader.Input{StdinFrom: toProg.r, StdoutTo: toJudge, Stop: stop})
	// A checker that closed its output first, or ended first, decided
	// first: a program that ends at the end of its input (it crashes,
	// or exits with a status) after the checker rejected it is a wrong
	// answer, as problemtools and DOMjudge judge a validator's first
	// rejection.
	judgeFirst := closed(done) || said.Load()
	toJudge.end()
	toProg.drop()
	<-judgedDone
	toJudge.wait()
	toProg.wait()
	if runErr != nil {
		return ex, grader.Judgement{}, runErr
	}
	j, err := i.decide(judged, judgeFirst, toJudge.sent(), tr.String())
	return ex, j, err
}

// converse runs the checker on trial t, its stdin and stdout the pipes;
// closedOut hears when the checker's stdout is closed, before or as it
// ends.
func (i *interactor) converse(ctx context.Context, prog grader.Program, t grader.Trial, in, out *pipe, closedOut func()) ran {
	spec, err := i.spec(ctx, prog, t, grader.Input{StdinFrom: in.r, StdoutTo: out})
	if err != nil {
		return ran{err: err}
	}
	spec.StdoutToOnly, spec.PassLimit = true, maxPass
	// The checker's closing its output is the program's end of input at
	// once (a pseudo-interactive judge sends all, closes, then waits for
	// the answer); the program's closing its output reaches the checker
	// only when the program ends, as BAPCtools runs them.
	spec.StdoutClosed = closedOut
	passOf(ctx).ready(&spec)
	res, err := sandbox.Run(ctx, spec)
	passOf(ctx).done(res)
	if err != nil {
		err = fmt.Errorf("checker %s: %w", i.path, err)
	}
	return ran{res: res, err: err}
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// pipeHold is how much of the program's messages its checker has not
// read before the program waits, as an OS pipe between them holds: a
// program that sends without end goes at its checker's pace, and runs
// out of time as the judges' systems find it, instead of filling memory.
const pipeHold = 64 << 10

// pipe carries one direction of a conversation. The sending box's stdout
// is written to it; with hold set, a write waits while more than hold
// bytes are unread (the sender waits for its receiver, as on an OS pipe),
// else it never waits (what the checker sends is bounded by maxPass, and
// a checker is not made to wait for a program that does not read); a
// goroutine feeds the receiving box's stdin, r, an OS pipe. When the
// sender ends, the receiver reads what is left, then end of file; when
// the receiver ends, what it did not read is dropped.
type pipe struct {
	r, w  *os.File
	dir   byte // '>' or '<', for the transcript
	tr    *transcript
	check *textCheck // when set, what the receiver is sent is checked
	hold  int        // unread bytes past which a write waits; 0: never

	mu      sync.Mutex
	more    *sync.Cond // the feeder waits on it for bytes or an end
	room    *sync.Cond // a write waits on it for the feeder to take bytes
	buf     []byte
	ended   bool // the sender is done
	dropped bool // the receiver is gone
	fed     chan struct{}
}

func newPipe(tr *transcript, dir byte) (*pipe, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	p := &pipe{r: r, w: w, dir: dir, tr: tr, fed: make(chan struct{})}
	p.more, p.room = sync.NewCond(&p.mu), sync.NewCond(&p.mu)
	go p.feed()
	return p, nil
}

// Write keeps b for the receiver and the transcript.
func (p *pipe) Write(b []byte) (int, error) {
	p.tr.add(p.dir, b)
	p.mu.Lock()
	if !p.dropped && !p.ended {
		p.buf = append(p.buf, b...)
		p.more.Signal()
		if p.check != nil {
			p.check.add(b)
		}
	}
	for p.hold > 0 && len(p.buf) > p.hold && !p.dropped && !p.ended {
		p.room.Wait()
	}
	p.mu.Unlock()
	return len(b), nil
}

// end says the sender is done.
func (p *pipe) end() {
	p.mu.Lock()
	if p.check != nil && !p.dropped && !p.ended {
		p.check.end()
	}
	p.ended = true
	p.more.Signal()
	p.room.Broadcast()
	p.mu.Unlock()
}

// drop says the receiver is gone: a write to its stdin fails from now on
// instead of waiting, and nothing more is sent.
func (p *pipe) drop() {
	p.mu.Lock()
	p.dropped = true
	p.buf = nil
	p.more.Signal()
	p.room.Broadcast()
	p.mu.Unlock()
	p.r.Close()
}

// sent is what the check found in what the receiver was sent while it
// ran (a zero textCheck without a check).
func (p *pipe) sent() textCheck {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.check == nil {
		return textCheck{}
	}
	return *p.check
}

// wait waits until the feeder has stopped.
func (p *pipe) wait() { <-p.fed }

// feed sends what is written to the receiver, until the sender is done
// and all is sent, or the receiver is gone.
func (p *pipe) feed() {
	defer close(p.fed)
	defer p.w.Close()
	for {
		p.mu.Lock()
		for len(p.buf) == 0 && !p.ended && !p.dropped {
			p.more.Wait()
		}
		chunk, stop := p.buf, p.dropped || p.ended && len(p.buf) == 0
		p.buf = nil
		p.room.Broadcast()
		p.mu.Unlock()
		if stop {
			return
		}
		if _, err := p.w.Write(chunk); err != nil {
			// The receiver is gone, or closed its stdin: the rest is
			// dropped as it comes.
			p.drop()
			return
		}
	}
}
