package cases

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strconv"
	"strings"
)

// The placeholders of a repeated case's args and stdin.
const (
	PlaceholderRun  = "{run}"
	PlaceholderSeed = "{seed}"
)

// Repeated reports whether the case runs more than once.
func (c Case) Repeated() bool { return c.Runs > 1 }

// Need is how many runs of the case must pass: MinPass, or every run
// when it is not given (or the case scores the fraction).
func (c Case) Need() int {
	if c.MinPass > 0 {
		return c.MinPass
	}
	return max(c.Runs, 1)
}

// Attempt returns the args and stdin of run n (from 1) of a case with a
// runs line, {run} and {seed} replaced (see Seed; secret is the batch's,
// nil for the public seeds check uses); a case without one is returned
// as it is, braces and all.
func (c Case) Attempt(secret []byte, n int) (args []string, stdin []byte) {
	if c.Runs == 0 {
		return c.Args, c.Stdin
	}
	run, seed := strconv.Itoa(n), strconv.FormatUint(uint64(Seed(secret, c.ID, n)), 10)
	r := strings.NewReplacer(PlaceholderRun, run, PlaceholderSeed, seed)
	if c.Args != nil {
		args = make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = r.Replace(a)
		}
	}
	if c.Stdin != nil {
		stdin = []byte(r.Replace(string(c.Stdin)))
	}
	return args, stdin
}

// Seed is the {seed} of run n of the case with the given ID: the first
// four bytes, big-endian, top bit cleared, of the HMAC-SHA256 keyed by
// the batch's secret of "<id>#<n>" ("c/rand-01#3"), or with no secret
// (check, on public cases) of its plain SHA-256. It lies in
// 0..2147483647, an int in every language, differs from run to run and
// case to case, and is the same on every machine and in every grading
// with that secret; without the secret no program can know it ahead, so
// none can carry a table of the seeds it fails.
func Seed(secret []byte, id string, n int) uint32 {
	msg := []byte(id + "#" + strconv.Itoa(n))
	var sum []byte
	if len(secret) == 0 {
		s := sha256.Sum256(msg)
		sum = s[:]
	} else {
		m := hmac.New(sha256.New, secret)
		m.Write(msg)
		sum = m.Sum(nil)
	}
	return binary.BigEndian.Uint32(sum[:4]) &^ (1 << 31)
}
