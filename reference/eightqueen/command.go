package eightqueen

import (
	"errors"
	"fmt"
	"strconv"
)

// Part is one of the handout's parts, named by its letter.
type Part byte

// The handout's parts and the FLAG family that drives each.
const (
	PartCost        Part = 'a' // FLAG 100
	PartSteepest    Part = 'b' // FLAG 200
	PartHill        Part = 'c' // FLAG 3XX
	PartFirstChoice Part = 'd' // FLAG 4XX
	PartAnneal      Part = 'e' // FLAG 5XX
)

// String returns the part's letter.
func (p Part) String() string { return string(rune(p)) }

// Unseeded is the seed value that tells the program not to seed its Random.
const Unseeded = -1

// Command is one validated command line: `java EightQueen FLAG [SEED] BOARD`.
type Command struct {
	Flag  int   // 100, 200, 300-399, 400-499 or 500-599
	Seed  int64 // meaningful only when the part takes a seed
	Board Board
}

// ErrUsage marks every command-line error, so callers can map it to an exit status.
var ErrUsage = errors.New("usage")

type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return ErrUsage }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// Part returns the handout part the FLAG selects.
func (c Command) Part() Part { return Part('a' + c.Flag/100 - 1) }

// Cutoff is XX, the largest number of moves for 3XX, 4XX and 5XX.
func (c Command) Cutoff() int { return c.Flag % 100 }

// TakesSeed reports whether the FLAG's part requires a seed argument (3XX and 5XX).
func (c Command) TakesSeed() bool { return takesSeed(c.Flag) }

func takesSeed(flag int) bool { return flag/100 == 3 || flag/100 == 5 }

// Seeded reports whether the run is repeatable: a seed is given and it is not -1.
func (c Command) Seeded() bool { return !c.TakesSeed() || c.Seed != Unseeded }

// Args returns the command line as a student's program receives it.
func (c Command) Args() []string {
	if c.TakesSeed() {
		return []string{strconv.Itoa(c.Flag), strconv.FormatInt(c.Seed, 10), c.Board.String()}
	}
	return []string{strconv.Itoa(c.Flag), c.Board.String()}
}

// String is the command line joined by spaces.
func (c Command) String() string {
	a := c.Args()
	s := a[0]
	for _, x := range a[1:] {
		s += " " + x
	}
	return s
}

// ParseFlag validates a FLAG argument: 100, 200, or 3XX/4XX/5XX with XX 00-99.
func ParseFlag(s string) (int, error) {
	if len(s) != 3 {
		return 0, usagef("FLAG %q must be three digits (100, 200, 3XX, 4XX or 5XX)", s)
	}
	for i := 0; i < 3; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, usagef("FLAG %q is not a number (want 100, 200, 3XX, 4XX or 5XX)", s)
		}
	}
	flag, _ := strconv.Atoi(s)
	switch flag / 100 {
	case 1, 2:
		if flag%100 != 0 {
			return 0, usagef("FLAG %q: part %c takes no XX, use %d", s, 'a'+flag/100-1, flag/100*100)
		}
	case 3, 4, 5:
	default:
		return 0, usagef("FLAG %q: there is no part %d (want 100, 200, 3XX, 4XX or 5XX)", s, flag/100)
	}
	return flag, nil
}

// ParseArgs validates a command line (without "java EightQueen"), accepting
// exactly what the handout allows: a seed for 3XX and 5XX and nowhere else.
func ParseArgs(args []string) (Command, error) {
	var c Command
	if len(args) == 0 {
		return c, usagef("missing FLAG: want FLAG [SEED] BOARD")
	}
	flag, err := ParseFlag(args[0])
	if err != nil {
		return c, err
	}
	c.Flag = flag
	want := 2
	if takesSeed(flag) {
		want = 3
	}
	switch {
	case len(args) < want && want == 3:
		return c, usagef("FLAG %d needs a seed: want %d SEED BOARD", flag, flag)
	case len(args) < want:
		return c, usagef("missing BOARD: want %d BOARD", flag)
	case len(args) > want && want == 2:
		return c, usagef("FLAG %d takes no seed: want %d BOARD, got %d arguments", flag, flag, len(args))
	case len(args) > want:
		return c, usagef("too many arguments: want %d SEED BOARD, got %d arguments", flag, len(args))
	}
	if want == 3 {
		seed, err := strconv.ParseInt(args[1], 10, 32) // the handout's seed is within Java's int range
		if err != nil {
			return c, usagef("SEED %q is not an int (from -2147483648 to 2147483647)", args[1])
		}
		c.Seed = seed
	}
	b, err := ParseBoard(args[want-1])
	if err != nil {
		return c, &usageError{err.Error()}
	}
	c.Board = b
	return c, nil
}
