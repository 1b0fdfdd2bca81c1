package casegen

import (
	"math/rand/v2"
	"strings"

	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// kind is one family of candidate command lines. make may fail (a search
// that found nothing this time); the caller tries again later.
type kind struct {
	name   string
	weight int // the kind's share of the cases filled in after the greedy phase
	make   func(r *rand.Rand) (eightqueen.Command, bool)
}

// kindsFor lists the candidate families of a part. The order matters: the
// greedy phase tries them in turn, so changing it changes the cases.
func kindsFor(p eightqueen.Part) []kind {
	switch p {
	case eightqueen.PartCost:
		return []kind{
			{"random board", 4, single(100, randomBoard)},
			{"solved board", 1, single(100, solvedBoard)},
			{"one queen off a solution", 2, single(100, nearSolution)},
			{"all queens on one row", 1, single(100, oneRow)},
			{"local optimum of hill climbing", 2, single(100, plateau)},
		}
	case eightqueen.PartSteepest:
		return []kind{
			{"random board", 4, single(200, randomBoard)},
			{"local optimum of hill climbing", 3, single(200, plateau)},
			{"one queen off a solution", 2, single(200, nearSolution)},
			{"solved board", 1, single(200, solvedBoard)},
			{"all queens on one row", 1, single(200, oneRow)},
		}
	case eightqueen.PartHill:
		return []kind{
			{"random run", 3, seeded(300, anyCutoff, randomBoard)},
			{"goal reached exactly at the cutoff", 2, atGoal(300, randomBoard)},
			{"long run", 2, seeded(300, longCutoff, randomBoard)},
			{"start on a hill-climbing local optimum", 2, seeded(300, anyCutoff, plateau)},
			{"FLAG 300: no move allowed", 1, seeded(300, fixed(0), randomBoard)},
			{"FLAG 399", 1, seeded(300, fixed(99), randomBoard)},
			{"solved start", 1, seeded(300, anyCutoff, solvedBoard)},
			{"all queens on one row", 1, seeded(300, anyCutoff, oneRow)},
		}
	case eightqueen.PartFirstChoice:
		return []kind{
			{"random run", 3, unseeded(400, anyCutoff, randomBoard)},
			{"goal reached exactly at the cutoff", 2, atGoal(400, randomBoard)},
			{"long run", 2, unseeded(400, longCutoff, randomBoard)},
			{"FLAG 400: no move allowed", 1, unseeded(400, fixed(0), randomBoard)},
			{"FLAG 499", 1, unseeded(400, fixed(99), randomBoard)},
			{"one queen off a solution", 1, unseeded(400, anyCutoff, nearSolution)},
			{"solved start", 1, unseeded(400, anyCutoff, solvedBoard)},
			{"all queens on one row", 1, unseeded(400, anyCutoff, oneRow)},
		}
	case eightqueen.PartAnneal:
		return []kind{
			{"long run (XX 90-99)", 4, seeded(500, longCutoff, randomBoard)},
			{"goal reached exactly at the cutoff", 1, atGoal(500, annealable)},
			{"random run", 2, seeded(500, anyCutoff, randomBoard)},
			{"long run from near a solution", 2, seeded(500, longCutoff, annealable)},
			{"FLAG 500: no move allowed", 1, seeded(500, fixed(0), randomBoard)},
			{"FLAG 599", 1, seeded(500, fixed(99), randomBoard)},
			{"solved start", 1, seeded(500, anyCutoff, solvedBoard)},
			{"all queens on one row", 1, seeded(500, longCutoff, oneRow)},
		}
	}
	panic("casegen: unknown part " + p.String())
}

type boardFunc func(*rand.Rand) eightqueen.Board
type cutoffFunc func(*rand.Rand) int

func single(flag int, board boardFunc) func(*rand.Rand) (eightqueen.Command, bool) {
	return func(r *rand.Rand) (eightqueen.Command, bool) {
		return eightqueen.Command{Flag: flag, Board: board(r)}, true
	}
}

func unseeded(base int, xx cutoffFunc, board boardFunc) func(*rand.Rand) (eightqueen.Command, bool) {
	return func(r *rand.Rand) (eightqueen.Command, bool) {
		return eightqueen.Command{Flag: base + xx(r), Board: board(r)}, true
	}
}

func seeded(base int, xx cutoffFunc, board boardFunc) func(*rand.Rand) (eightqueen.Command, bool) {
	return func(r *rand.Rand) (eightqueen.Command, bool) {
		return eightqueen.Command{Flag: base + xx(r), Seed: randomSeed(r), Board: board(r)}, true
	}
}

// atGoal searches for a run that reaches the goal at some move k >= 1 and
// returns it with cutoff XX = k: the case a program that skips the goal
// test after the last move fails.
func atGoal(base int, board boardFunc) func(*rand.Rand) (eightqueen.Command, bool) {
	return func(r *rand.Rand) (eightqueen.Command, bool) {
		cmd := eightqueen.Command{Flag: base + 99, Board: board(r)}
		if cmd.TakesSeed() {
			cmd.Seed = randomSeed(r)
		}
		out := string(eightqueen.Output(cmd, eightqueen.Options{}))
		if !strings.HasSuffix(out, "\nSolved\n") {
			return cmd, false
		}
		k := strings.Count(out, "\n") - 2
		if k < 1 {
			return cmd, false
		}
		cmd.Flag = base + k
		return cmd, true
	}
}

func anyCutoff(r *rand.Rand) int  { return r.IntN(100) }
func longCutoff(r *rand.Rand) int { return 90 + r.IntN(10) }
func fixed(xx int) cutoffFunc     { return func(*rand.Rand) int { return xx } }

// randomSeed is a seed a student's program can hold in an int: mostly
// anywhere in the int range, sometimes small, sometimes an extreme; never -1.
func randomSeed(r *rand.Rand) int64 {
	for {
		var s int64
		switch r.IntN(8) {
		case 0:
			s = int64(r.IntN(100))
		case 1:
			s = []int64{0, 1<<31 - 1, -1 << 31, -2}[r.IntN(4)]
		default:
			s = int64(int32(r.Uint32()))
		}
		if s != eightqueen.Unseeded {
			return s
		}
	}
}

func randomBoard(r *rand.Rand) eightqueen.Board {
	var b eightqueen.Board
	for i := range b {
		b[i] = int8(r.IntN(eightqueen.Size))
	}
	return b
}

func oneRow(r *rand.Rand) eightqueen.Board {
	var b eightqueen.Board
	v := int8(r.IntN(eightqueen.Size))
	for i := range b {
		b[i] = v
	}
	return b
}

// solutions holds the 92 solved boards in lexicographic order.
var solutions = func() []eightqueen.Board {
	var out []eightqueen.Board
	var b eightqueen.Board
	var place func(c int)
	place = func(c int) {
		if c == eightqueen.Size {
			out = append(out, b)
			return
		}
		for v := int8(0); v < eightqueen.Size; v++ {
			ok := true
			for d := 0; d < c; d++ {
				if b[d] == v || int(b[d])-int(v) == c-d || int(v)-int(b[d]) == c-d {
					ok = false
					break
				}
			}
			if ok {
				b[c] = v
				place(c + 1)
			}
		}
	}
	place(0)
	return out
}()

func solvedBoard(r *rand.Rand) eightqueen.Board { return solutions[r.IntN(len(solutions))] }

// nearSolution is a solution with one queen moved.
func nearSolution(r *rand.Rand) eightqueen.Board {
	b := solvedBoard(r)
	c := r.IntN(eightqueen.Size)
	b[c] = int8((int(b[c]) + 1 + r.IntN(eightqueen.Size-1)) % eightqueen.Size)
	return b
}

// annealable is a solution with one queen moved where the annealer can
// move it back: it draws columns and rows 0-6 only, so column 7 must
// already be right and the queen's true row must be below 7.
func annealable(r *rand.Rand) eightqueen.Board {
	for {
		b := solvedBoard(r)
		c := r.IntN(eightqueen.Size - 1)
		if b[c] == eightqueen.Size-1 {
			continue
		}
		b[c] = int8((int(b[c]) + 1 + r.IntN(eightqueen.Size-1)) % eightqueen.Size)
		return b
	}
}

// plateau descends from a random board, always taking the first lowest-cost
// move, until no move lowers the cost: a board where sideways moves (and a
// program that lets a queen stay put) make a difference.
func plateau(r *rand.Rand) eightqueen.Board {
	b := randomBoard(r)
	cost := b.Cost()
	for {
		best, bestCost := b, cost
		for c := 0; c < eightqueen.Size; c++ {
			for v := int8(0); v < eightqueen.Size; v++ {
				if v == b[c] {
					continue
				}
				n := b
				n[c] = v
				if nc := n.Cost(); nc < bestCost {
					best, bestCost = n, nc
				}
			}
		}
		if bestCost == cost {
			return b
		}
		b, cost = best, bestCost
	}
}
