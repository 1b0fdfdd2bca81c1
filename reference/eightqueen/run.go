package eightqueen

import (
	"io"
	"math"
	"strconv"

	"github.com/cs540-tools/autograder/reference/javarand"
)

// The handout's simulated-annealing constants.
const (
	StartTemperature = 100.0
	AnnealRate       = 0.95
)

// Options select how Run behaves beyond the command line itself.
type Options struct {
	// Reading answers the handout's open points; the zero value is Default.
	Reading Reading
	// Mistakes, when set, make Run reproduce a wrong program instead of a
	// correct one (see Catalogue).
	Mistakes []Mistake
	// Trace, when set, receives each step's explanation.
	Trace func(Step)
	// Unseeded is the generator used when the seed is -1; nil means a fresh
	// one seeded from the clock, as `new Random()` is in Java.
	Unseeded *javarand.Random
}

// Run writes to w exactly what `java EightQueen` prints for cmd.
func Run(w io.Writer, cmd Command, opt Options) error {
	_, err := w.Write(Output(cmd, opt))
	return err
}

// Output returns what Run would write.
func Output(cmd Command, opt Options) []byte {
	m := machine{reading: opt.Reading, trace: opt.Trace, out: make([]byte, 0, outputCap(cmd))}
	for _, k := range opt.Mistakes {
		m.flaws |= k.flaws
	}
	switch cmd.Part() {
	case PartCost:
		m.out = strconv.AppendInt(m.out, int64(m.cost(cmd.Board)), 10)
		m.out = append(m.out, '\n')
	case PartSteepest:
		m.steepestList(cmd.Board)
	case PartHill:
		m.hillClimb(cmd, m.rng(cmd, opt))
	case PartFirstChoice:
		m.firstChoice(cmd)
	case PartAnneal:
		m.anneal(cmd, m.rng(cmd, opt))
	}
	return m.out
}

// outputCap sizes the output buffer once: a line is at most 14 bytes.
func outputCap(cmd Command) int {
	switch cmd.Part() {
	case PartCost:
		return 4
	case PartSteepest:
		return 9*Size*Size + 4
	}
	return 14 * (cmd.Cutoff() + 2)
}

// machine is one run's state: the output so far and the knobs that shape it.
type machine struct {
	reading Reading
	flaws   flaw
	trace   func(Step)
	out     []byte
	line    int // output lines written so far
}

func (m *machine) rng(cmd Command, opt Options) *javarand.Random {
	if cmd.Seeded() {
		return javarand.New(cmd.Seed)
	}
	if opt.Unseeded != nil {
		return opt.Unseeded
	}
	return javarand.NewUnseeded()
}

func (m *machine) has(f flaw) bool { return m.flaws&f != 0 }

func (m *machine) cost(b Board) int {
	c := b.Cost()
	if m.has(flawDoubleCount) {
		c *= 2
	}
	return c
}

func (m *machine) emit(s string) {
	m.out = append(m.out, s...)
	m.out = append(m.out, '\n')
	m.line++
}

// emitState writes "i:board cost".
func (m *machine) emitState(i int, b Board, cost int) {
	m.out = strconv.AppendInt(m.out, int64(i), 10)
	m.out = append(m.out, ':')
	m.out = b.appendTo(m.out)
	m.out = append(m.out, ' ')
	m.out = strconv.AppendInt(m.out, int64(cost), 10)
	m.out = append(m.out, '\n')
	m.line++
}

func (m *machine) solved() {
	if m.has(flawLowerSolved) {
		m.emit("solved")
		return
	}
	m.emit("Solved")
}

func (m *machine) step(s Step) {
	if m.trace != nil {
		s.Line = m.line
		m.trace(s)
	}
}

// move is one successor: the queen of column Index goes to row Value.
type move struct {
	index, value int8
	cost         int
}

// successors lists every move in the handout's order (index, then value) with
// its cost, into buf.
func (m *machine) successors(b Board, cost int, buf *[Size * Size]move) []move {
	raw := cost
	if m.has(flawDoubleCount) {
		raw /= 2
	}
	costs := moveCosts(b, raw)
	scale := 1
	if m.has(flawDoubleCount) {
		scale = 2
	}
	list := buf[:0]
	add := func(c, v int) {
		if v == int(b[c]) && !m.has(flawStayPut) {
			return
		}
		list = append(list, move{int8(c), int8(v), costs[c][v] * scale})
	}
	if m.has(flawValueFirst) {
		for v := 0; v < Size; v++ {
			for c := 0; c < Size; c++ {
				add(c, v)
			}
		}
	} else {
		for c := 0; c < Size; c++ {
			for v := 0; v < Size; v++ {
				add(c, v)
			}
		}
	}
	return list
}

// steepest keeps the lowest-cost moves of list, in order, in place. Under the
// non-raising reading, moves that raise the cost are never steepest.
func (m *machine) steepest(list []move, cost int) []move {
	best := math.MaxInt
	for _, mv := range list {
		best = min(best, mv.cost)
	}
	if m.reading.NonRaising && best > cost {
		return list[:0]
	}
	out := list[:0]
	for _, mv := range list {
		if mv.cost == best {
			out = append(out, mv)
		}
	}
	return out
}

func (b Board) with(mv move) Board {
	b[mv.index] = mv.value
	return b
}

func boards(b Board, list []move) []Board {
	out := make([]Board, len(list))
	for i, mv := range list {
		out[i] = b.with(mv)
	}
	return out
}

// steepestList is FLAG 200.
func (m *machine) steepestList(b Board) {
	cost := m.cost(b)
	if cost == 0 && !m.reading.NonRaising {
		m.step(Step{Kind: StepSolved, Board: b, Cost: cost})
		return
	}
	var buf [Size * Size]move
	st := m.steepest(m.successors(b, cost, &buf), cost)
	if m.trace != nil {
		m.step(Step{Kind: StepSteepest, Board: b, Cost: cost, Steepest: boards(b, st), SteepestCost: costOf(st)})
	}
	for _, mv := range st {
		m.out = b.with(mv).appendTo(m.out)
		m.out = append(m.out, '\n')
		m.line++
	}
	if len(st) > 0 {
		m.out = strconv.AppendInt(m.out, int64(st[0].cost), 10)
		m.out = append(m.out, '\n')
		m.line++
	}
}

func costOf(list []move) int {
	if len(list) == 0 {
		return -1
	}
	return list[0].cost
}

// cutoff is XX as the program applies it.
func (m *machine) cutoff(cmd Command) int {
	xx := cmd.Cutoff()
	switch {
	case m.has(flawExtraMove):
		return xx + 1
	case m.has(flawMissingMove) && xx > 0:
		return xx - 1
	}
	return xx
}

// goal reports whether the run ends as solved at move i of at most cutoff.
func (m *machine) goal(cost, i, cutoff int) bool {
	if cost != 0 {
		return false
	}
	if m.has(flawNoSolvedAtCutoff) && i == cutoff && i > 0 {
		return true // stops, but the flawed loop never prints it
	}
	m.solved()
	return true
}

// hillClimb is FLAG 3XX.
func (m *machine) hillClimb(cmd Command, rng *javarand.Random) {
	b, cutoff := cmd.Board, m.cutoff(cmd)
	cost := m.cost(b)
	m.emitState(0, b, cost)
	var buf [Size * Size]move
	for i := 0; ; {
		if m.goal(cost, i, cutoff) {
			m.step(Step{Kind: StepSolved, Iter: i, Board: b, Cost: cost})
			return
		}
		if i >= cutoff {
			m.step(Step{Kind: StepCutoff, Iter: i, Board: b, Cost: cost})
			return
		}
		st := m.steepest(m.successors(b, cost, &buf), cost)
		if len(st) == 0 {
			m.step(Step{Kind: StepStuck, Iter: i, Board: b, Cost: cost})
			return
		}
		r := 0
		if !m.has(flawFirstSteepest) {
			r = int(rng.NextInt(int32(len(st))))
		}
		if m.trace != nil {
			m.step(Step{Kind: StepHill, Iter: i + 1, Board: b, Cost: cost, Steepest: boards(b, st), SteepestCost: costOf(st), Draw: r})
		}
		b, cost = b.with(st[r]), st[r].cost
		i++
		m.emitState(i, b, cost)
	}
}

// firstChoice is FLAG 4XX.
func (m *machine) firstChoice(cmd Command) {
	start, b, cutoff := cmd.Board, cmd.Board, m.cutoff(cmd)
	cost := m.cost(b)
	m.emitState(0, b, cost)
	var buf [Size * Size]move
	for i := 0; ; {
		if m.goal(cost, i, cutoff) {
			m.step(Step{Kind: StepSolved, Iter: i, Board: b, Cost: cost})
			return
		}
		list := m.successors(b, cost, &buf)
		better := -1
		for k, mv := range list {
			if mv.cost < cost {
				better = k
				break
			}
		}
		if i >= cutoff {
			s := Step{Kind: StepCutoff, Iter: i, Board: b, Cost: cost}
			if better < 0 && m.reading.OptimumAtCutoff {
				s.Kind = StepStuck
				m.step(s)
				m.emit("Local optimum")
				return
			}
			m.step(s)
			return
		}
		if better < 0 && m.has(flawRunPastOptimum) {
			// The flawed loop "moves" to the board it is on and goes on.
			m.step(Step{Kind: StepStuck, Iter: i, Board: b, Cost: cost})
			i++
			m.emitState(i, b, cost)
			continue
		}
		if better < 0 {
			m.step(Step{Kind: StepStuck, Iter: i, Board: b, Cost: cost})
			m.emit("Local optimum")
			return
		}
		mv := list[better]
		m.step(Step{Kind: StepFirstChoice, Iter: i + 1, Board: b, Cost: cost, Index: int(mv.index), Value: int(mv.value), Tried: better + 1, NewCost: mv.cost})
		b, cost = b.with(mv), mv.cost
		i++
		shown := b
		if m.has(flawStartBoard) {
			shown = start
		}
		m.emitState(i, shown, cost)
	}
}

// anneal is FLAG 5XX.
func (m *machine) anneal(cmd Command, rng *javarand.Random) {
	b, cutoff := cmd.Board, m.cutoff(cmd)
	cost := m.cost(b)
	m.emitState(0, b, cost)
	bound := int32(7)
	if m.has(flawNextInt8) {
		bound = 8
	}
	t := StartTemperature
	for i, draws := 0, 0; ; draws++ {
		if m.goal(cost, i, cutoff) {
			m.step(Step{Kind: StepSolved, Iter: i, Board: b, Cost: cost})
			return
		}
		if i >= cutoff || draws > maxDraws {
			m.step(Step{Kind: StepCutoff, Iter: i, Board: b, Cost: cost})
			return
		}
		index := int(rng.NextInt(bound))
		value := int(rng.NextInt(bound))
		prob := rng.NextDouble()
		cand := b
		cand[index] = int8(value)
		candCost := m.cost(cand)
		delta := candCost - cost
		if m.reading.CoolBefore {
			t = m.cool(t)
		}
		threshold := m.acceptance(delta, t)
		accepted := prob < threshold
		m.step(Step{Kind: StepAnneal, Iter: i + 1, Board: b, Cost: cost, Index: index, Value: value, Prob: prob,
			Candidate: cand, NewCost: candCost, Delta: delta, T: t, Threshold: threshold, Accepted: accepted})
		if !m.reading.CoolBefore {
			t = m.cool(t)
		}
		if accepted {
			b, cost = cand, candCost
		} else if m.has(flawRejectNotCounted) {
			continue
		}
		i++
		m.emitState(i, b, cost)
	}
}

// maxDraws bounds the loop of a program that skips rejected draws; a correct
// program makes at most 99.
const maxDraws = 1 << 20

// cool returns the temperature after one iteration's cooling: T * 0.95, or
// a mistaken schedule.
func (m *machine) cool(t float64) float64 {
	switch {
	case m.has(flawNoCooling):
		return t
	case m.has(flawCoolMinusOne):
		return t - 1
	case m.has(flawIntDivision):
		// An int T: "T *= rate" truncates, and the program keeps T >= 1
		// so that delta / T never divides by zero.
		if t > 1 {
			return math.Trunc(t * AnnealRate)
		}
		return t
	}
	return t * AnnealRate
}

// acceptance is the probability of accepting a move that changes the cost by
// delta at temperature t: exp(-delta/T), or a mistaken formula.
func (m *machine) acceptance(delta int, t float64) float64 {
	d := float64(delta)
	mistaken := m.has(flawAcceptBelowT) || m.has(flawExpSign) || m.has(flawPowT)
	switch {
	case mistaken && delta <= 0:
		// These programs, like most, accept a move that does not raise the
		// cost outright and get only the worse-move formula wrong.
		return 1
	case m.has(flawAcceptBelowT):
		return t
	case m.has(flawExpSign):
		return math.Exp(d / t)
	case m.has(flawPowT):
		return math.Pow(t, d)
	case m.has(flawAlwaysAccept):
		return math.Inf(1)
	case m.has(flawIntDivision):
		return math.Exp(float64(-delta / int(t))) // Java's int division truncates, as Go's does
	}
	return math.Exp(-d / t)
}
