package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/sandbox"
)

// The waiting mix: correct submissions graded alone, then beside one that
// sleeps in every case of FLAG 4XX and one that loops in every hidden case
// of FLAG 200, as grade grades them (warm, the hand-off, the default
// cores).

// waitingCorrect is how many correct submissions the mix holds.
const waitingCorrect = 10

// mainLine is where the sleeper's and the looper's line goes: first in
// main.
const mainLine = "public static void main(String[] args) {"

// waitingSubmissions returns the mix: the correct ones, the sleeper and
// the looper, and how many cases the looper loops in.
func waitingSubmissions(a *grader.Assignment) (correct []submission.Submission, sleeper, looper submission.Submission, loops int, err error) {
	src := javasrc.Source(javasrc.Variant{})
	if !strings.Contains(src, mainLine) {
		return nil, sleeper, looper, 0, fmt.Errorf("bench: the reference's source has no %q", mainLine)
	}
	sub := func(id, line string) submission.Submission {
		s := strings.Replace(src, mainLine, mainLine+"\n        "+line, 1)
		return submission.Submission{ID: id, Files: []submission.File{{Name: javasrc.FileName, Data: []byte("// " + id + "\n" + s)}}}
	}
	for i := range waitingCorrect {
		correct = append(correct, sub(fmt.Sprintf("correct%02d", i+1), ""))
	}
	sleeper = sub("sleeper", `if (args[0].startsWith("4")) { try { Thread.sleep(600000); } catch (InterruptedException e) { } }`)
	var public []string // FLAG 200's public boards: the looper answers them
	for _, cs := range a.Parts {
		for _, c := range cs {
			if len(c.Args) == 2 && c.Args[0] == "200" {
				if c.Visibility == cases.Public {
					public = append(public, c.Args[1])
				} else {
					loops++
				}
			}
		}
	}
	looper = sub("looper", fmt.Sprintf(`if (args[0].equals("200") && !"%s".contains(args[1])) { long x = 0; while (true) { x++; if (x == -1) break; } }`, strings.Join(public, " ")))
	return correct, sleeper, looper, loops, nil
}

// runWaitingBench grades the mix and prints the times, the budget (three
// times the correct ones alone, plus the looper's CPU limits on the
// cores) and the most runs under way at once. The correct submissions
// must score alike alone and in the mix, the sleeper's FLAG 4XX cases end
// at their wall limit and the looper's loops at their CPU limit, or the
// command fails.
func runWaitingBench(ctx context.Context, w, errw io.Writer, a *grader.Assignment, jobs int) error {
	correct, sleeper, looper, loops, err := waitingSubmissions(a)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "bench --waiting: %d correct submissions, then beside one that sleeps in FLAG 4XX and one that loops in %d cases of FLAG 200; %d cores, %d jobs; sandbox tier %s\n",
		len(correct), loops, runtime.NumCPU(), jobs, sandbox.Detect())
	grade := func(subs []submission.Submission) ([]grader.Result, time.Duration, int, error) {
		wr, err := warm.New(a.Rubric, warm.Inputs(a, ""), warm.Options{SpotCheck: a.Rubric.Build.SpotCheck, HandOff: handOff, Decider: a})
		if err != nil {
			return nil, 0, 0, fmt.Errorf("bench: %w", err)
		}
		cores := grader.NewCores(jobs)
		start := time.Now()
		res, err := (&grader.Batch{Assignment: a, Runner: wr, Jobs: jobs, Options: grader.Options{Cores: cores}}).Run(ctx, subs)
		return res, time.Since(start), cores.Peak(), err
	}
	fmt.Fprintf(errw, "grading %d correct submissions...\n", len(correct))
	alone, aloneTime, alonePeak, err := grade(correct)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "correct alone: %s (at most %d builds and runs at once)\n", aloneTime.Round(time.Millisecond), alonePeak)
	fmt.Fprintf(errw, "grading them beside the sleeper and the looper...\n")
	mix, mixTime, mixPeak, err := grade(append(append([]submission.Submission{}, correct...), sleeper, looper))
	if err != nil {
		return err
	}
	cpuLimits := time.Duration(loops) * a.Rubric.Limits.CPU / time.Duration(runtime.NumCPU())
	budget := 3*aloneTime + cpuLimits
	fmt.Fprintf(w, "the mix: %s (at most %d builds and runs at once); budget %s (3 x %s + the looper's CPU limits on %d cores, %s): %.2f of it\n",
		mixTime.Round(time.Millisecond), mixPeak, budget.Round(time.Millisecond), aloneTime.Round(time.Millisecond),
		runtime.NumCPU(), cpuLimits, float64(mixTime)/float64(budget))
	return checkWaitingMix(w, alone, mix)
}

// checkWaitingMix fails unless every correct submission scored in the mix
// as alone, the sleeper's FLAG 4XX cases ended at their wall limit and
// the looper's failed cases at their CPU limit.
func checkWaitingMix(w io.Writer, alone, mix []grader.Result) error {
	score := map[string]float64{}
	for _, r := range alone {
		score[r.ID] = r.Score
	}
	var bad []string
	for _, r := range mix {
		switch r.ID {
		case "sleeper", "looper":
			want := grader.Wall
			if r.ID == "looper" {
				want = grader.CPU
			}
			for _, c := range r.Cases {
				if c.Verdict != grader.Pass && (c.Verdict != grader.Timeout || c.Limit != want) {
					bad = append(bad, fmt.Sprintf("%s: case %s %s at limit %q, want timeout at %q", r.ID, c.ID, c.Verdict, c.Limit, want))
				}
			}
			fmt.Fprintf(w, "  %s: %v of %v\n", r.ID, r.Score, r.MaxScore)
		default:
			if s, ok := score[r.ID]; !ok || s != r.Score {
				bad = append(bad, fmt.Sprintf("%s: %v in the mix, %v alone", r.ID, r.Score, s))
			}
		}
	}
	if len(bad) > 0 {
		return failed(fmt.Errorf("bench: the mix graded otherwise than it must:\n  %s", strings.Join(bad, "\n  ")))
	}
	fmt.Fprintf(w, "every correct submission scored in the mix as alone; the sleeper's cases ended at their wall limit, the looper's at their CPU limit\n")
	return nil
}
