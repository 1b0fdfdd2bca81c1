// Package javarand is a bit-exact twin of java.util.Random: the same 48-bit
// linear congruential generator, so a seeded Go run draws exactly the numbers
// a seeded Java run draws.
package javarand

import "time"

const (
	multiplier = 0x5DEECE66D
	addend     = 0xB
	mask       = (1 << 48) - 1
)

// Random is java.util.Random's state. The zero value is a generator seeded
// with 0 scrambled, i.e. the same as New(0) only after SetSeed; use New.
type Random struct {
	seed int64
}

// New returns a generator seeded as `new Random(seed)` is in Java.
func New(seed int64) *Random {
	r := &Random{}
	r.SetSeed(seed)
	return r
}

// SetSeed resets the state as Random.setSeed does: any 64-bit seed, of any sign.
func (r *Random) SetSeed(seed int64) {
	r.seed = (seed ^ multiplier) & mask
}

// Next advances the generator and returns its top bits (1..32) as Java's
// protected Random.next(bits) does, sign included for bits == 32.
func (r *Random) Next(bits uint) int32 {
	r.seed = (r.seed*multiplier + addend) & mask
	return int32(uint64(r.seed) >> (48 - bits))
}

// NextInt returns a value in [0, bound) as Random.nextInt(bound) does. Java
// throws IllegalArgumentException for bound <= 0; NextInt panics likewise,
// since callers in this project never pass such a bound.
func (r *Random) NextInt(bound int32) int32 {
	if bound <= 0 {
		panic("javarand: bound must be positive")
	}
	rv := r.Next(31)
	m := bound - 1
	if bound&m == 0 {
		return int32((int64(bound) * int64(rv)) >> 31)
	}
	// Java relies on 32-bit overflow in u - rv + m to reject the biased tail.
	for u := rv; ; u = r.Next(31) {
		rv = u % bound
		if u-rv+m >= 0 {
			return rv
		}
	}
}

// NextDouble returns a value in [0, 1) as Random.nextDouble does.
func (r *Random) NextDouble() float64 {
	return float64(int64(r.Next(26))<<27+int64(r.Next(27))) * (1.0 / (1 << 53))
}

// NextLong returns the next 64-bit value as Random.nextLong does.
func (r *Random) NextLong() int64 {
	return int64(r.Next(32))<<32 + int64(r.Next(32))
}

// NewUnseeded returns a generator seeded from the clock, for runs with seed
// -1 (`new Random()` without setSeed): their output is not repeatable.
func NewUnseeded() *Random {
	return New(time.Now().UnixNano() * 181783497276652981)
}
