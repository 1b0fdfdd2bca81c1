package grader

// Options shape one grading run.
type Options struct {
	// Visibility, when set, runs only cases of that visibility ("public"
	// for a student's check).
	Visibility string
	// Timings records each run's wall time in CaseResult.TimeMS.
	Timings bool
	// Cases, when set, runs only the cases with these IDs.
	Cases []string
	// KeepStdout keeps each run's whole stdout in CaseResult.Stdout.
	KeepStdout bool
	// Secret is the batch's secret (grade keeps one per --out): a
	// repeated case's runs start their clocks at times drawn from it (see
	// Input.Secret), which no program can know ahead. nil (check, whose
	// cases are public) draws them from the case IDs alone.
	Secret []byte
	// Progress, when set, hears of each case judged, one call at a time,
	// in the order they finish (check's progress line); it must not
	// change the result it is shown.
	Progress func(CaseEvent)
	// Cores are the cores the submission's build and runs share (see
	// Cores); nil: one of its own.
	Cores *Cores
	// outcomes are the suite cases' outcomes (see Suite), by case ID.
	outcomes map[string]Outcome
	// stop is the parts that stop at their first rejected case (runCases).
	stop *stops
}

// CaseEvent reports one case of a submission judged, for progress output.
type CaseEvent struct {
	Done, Total int // cases judged so far, of all
	Case        CaseResult
}
