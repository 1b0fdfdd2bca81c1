package sandbox

// StackOf is the stack a run with limits l gets, in bytes (0:
// unlimited), and whether the grader's own hard stack limit made it
// smaller than asked: no unprivileged process may raise its hard limit,
// and `ulimit -s N` in a shell sets the hard limit too (`ulimit -S -s N`
// only the soft one, which the box does not inherit). On the basic tier
// (other systems than Linux) the program has the grader's own stack:
// StackOf says unlimited, capped by the hard limit where there is one.
func StackOf(l Limits) (bytes int64, capped bool) {
	want, hard := l.Stack, hardStack()
	switch {
	case hard <= 0:
		return want, false
	case want <= 0 || want > hard:
		return hard, true
	}
	return want, false
}
