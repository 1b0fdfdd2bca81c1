package unittest

// The boxes' folders. In the test box: the instructor's files (box; a
// submission's files under it are left out), the bridge's test side
// beside them (bridgeDir), and for JUnit the stand-ins' sources, the
// compiled tests and the reports. In the student box: the bridge's
// server beside the student's files (studentDir; a submission's files
// there are left out too).
const (
	box        = "_instructor"
	bridgeDir  = "_bridge"
	studentDir = "_autograder"
	standinDir = "_standins"
	testsDir   = box + "/classes"
	reportsDir = box + "/reports"
)

// What a student may print in one test, and what of it is kept.
const (
	maxPrinted  = 256 << 20
	keepPrinted = 2 << 10
)

// pytestIni is the configuration every pytest run uses: the markers this
// package reads registered, nothing else.
const pytestIni = `[pytest]
markers =
    points(n): the test is worth n points
`
