package grader

import "github.com/cs540-tools/autograder/grader/clip"

// What the grader keeps of what a program prints. A run's stdout and its
// stderr are bounded first by the rubric's output limit (limits.output,
// 1 MiB by default): the sandbox stops a run that prints more (the
// verdict "output limit") and keeps that much of each, which is what a
// judge sees. A run's output is judged as it ends and dropped; what a
// result keeps of it, and what a warm JVM's answers may hold until they
// are judged, is bounded here, so that what one student prints never
// decides how much memory a batch takes.
const (
	// KeptStderr is how much of a run's stderr its result (and so every
	// report) keeps: its first and last halves, with "… N bytes left
	// out …" between them when more was printed (see package clip).
	KeptStderr = 2 << 10

	// WarmAnswers is how many bytes of stdout and stderr a warm runner
	// holds for one submission, from its warm JVM's answers until each
	// case is judged. A submission whose answers need more runs its
	// remaining cases cold, each judged as it ends (the TA is told).
	WarmAnswers = 8 << 20
)

// excerpt keeps the first and last halves of n bytes of b.
func excerpt(b []byte, n int) string { return clip.Excerpt(b, n/2, n-n/2) }
