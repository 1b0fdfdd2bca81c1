package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/sandbox"
	ucli "github.com/urfave/cli/v2"
	"golang.org/x/sync/errgroup"
)

func benchCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "bench",
		Usage: "time warm and cold grading of synthetic submissions on the assignment's cases",
		Description: "Writes N synthetic EightQueen.java submissions (the reference's readings, its\n" +
			"catalogued mistakes and the grader's quirks, as javasrc writes them, in turn; the\n" +
			"endless one is left out: it measures the time limit, not the grader), grades\n" +
			"them all warm on every case of the rubric, then the first --cold of them cold,\n" +
			"and prints the cases per second of each and their ratio. Cold grading of a\n" +
			"whole class takes long (a JVM and a box per case): its speed is measured on the\n" +
			"sample and the time for all N extrapolated. The sample's results must be the\n" +
			"same both ways; a difference fails the command.\n\n" +
			"With --waiting it grades instead, as grade does, 10 correct submissions alone,\n" +
			"then beside one that sleeps in every FLAG 4XX case and one that loops in every\n" +
			"hidden FLAG 200 case, and prints both times against the budget of three times\n" +
			"the correct ones alone plus the looper's CPU limits on the cores. The correct\n" +
			"ones must score alike both times, the sleeper's cases end at their wall limit\n" +
			"and the looper's at their CPU limit, or the command fails.\n\n" +
			"With --hand-in DIR it grades instead --copies copies of the hand-in in DIR as\n" +
			"grade does (a unit-test assignment's: one run of its tests per hand-in), and\n" +
			"prints the time a hand-in took in the batch, also in bare starts of the\n" +
			"runtime (java -version with the toolchain's options), timed before, beside and\n" +
			"after the batch. Every copy must be graded alike, or the command fails.",
		Flags: []ucli.Flag{
			rubricFlag(), assignmentFlag(),
			&ucli.IntFlag{Name: "submissions", Aliases: []string{"n"}, Value: 300, Usage: "grade `N` synthetic submissions warm"},
			&ucli.IntFlag{Name: "cold", Value: 10, Usage: "grade the first `N` submissions cold too (0: no cold half)"},
			jobsFlag(),
			spotCheckFlag(),
			&ucli.BoolFlag{Name: "waiting", Usage: "grade the waiting mix: 10 correct submissions, then beside a sleeper and a looper"},
			&ucli.StringFlag{Name: "hand-in", Usage: "grade copies of the hand-in in `DIR` as grade does, timed in bare starts of the runtime"},
			&ucli.IntFlag{Name: "copies", Value: 10, Usage: "with --hand-in, grade `N` copies"},
		},
		Action: func(c *ucli.Context) error {
			n, coldN := c.Int("submissions"), c.Int("cold")
			if n <= 0 || coldN < 0 {
				return badInputf("bench: --submissions must be positive and --cold not negative")
			}
			coldN = min(coldN, n)
			jobs := jobsOr(c)
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			if err := setSpotCheck(c, a); err != nil {
				return err
			}
			if dir := c.String("hand-in"); dir != "" {
				if c.Int("copies") <= 0 {
					return badInputf("bench: --copies must be positive")
				}
				return runHandInBench(c.Context, c.App.Writer, c.App.ErrWriter, a, dir, c.Int("copies"), jobs)
			}
			if !warm.Supports(a.Rubric) {
				return badInputf("bench: the rubric's language is %q; bench grades Java submissions", a.Rubric.Build.Language)
			}
			if c.Bool("waiting") {
				return runWaitingBench(c.Context, c.App.Writer, c.App.ErrWriter, a, jobs)
			}
			return runBench(c.Context, c.App.Writer, c.App.ErrWriter, a, n, coldN, jobs)
		},
	}
}

// benchSubmissions writes n submissions, cycling through the javasrc
// variants but the endless one. Each starts with a comment of its own, so
// that no two are the same files.
func benchSubmissions(n int) (subs []submission.Submission, kinds int) {
	var vs []javasrc.Variant
	for _, v := range javasrc.Variants() {
		if !v.Extra.Loop {
			vs = append(vs, v)
		}
	}
	for i := range n {
		v := vs[i%len(vs)]
		src := fmt.Sprintf("// CS540 HW4, student %03d\n", i+1) + javasrc.Source(v)
		subs = append(subs, submission.Submission{
			ID:    fmt.Sprintf("student%03d-%s", i+1, v.Name()),
			Files: []submission.File{{Name: javasrc.FileName, Data: []byte(src)}},
		})
	}
	return subs, len(vs)
}

// runs counts the runs a batch made: the cases of the submissions that built.
func runs(results []grader.Result) int {
	n := 0
	for _, r := range results {
		if r.Status == grader.Graded {
			n += len(r.Cases)
		}
	}
	return n
}

func runBench(ctx context.Context, w, errw io.Writer, a *grader.Assignment, n, coldN, jobs int) error {
	subs, kinds := benchSubmissions(n)
	inputs := warm.Inputs(a, "")
	fmt.Fprintf(w, "bench: %d submissions (%d javasrc variants in turn), %d cases each; %d cores, %d jobs; sandbox tier %s\n",
		n, kinds, len(inputs), runtime.NumCPU(), jobs, sandbox.Detect())

	start := time.Now()
	wr, err := warm.New(a.Rubric, inputs, warm.Options{SpotCheck: a.Rubric.Build.SpotCheck, HandOff: handOff, Decider: a})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	fmt.Fprintf(w, "java %s at %s; harness ready in %s (compiled on first use)\n",
		wr.JDK().Version, wr.JDK().Java, time.Since(start).Round(time.Millisecond))

	fmt.Fprintf(errw, "grading %d submissions warm...\n", n)
	start = time.Now()
	cpu0, cpuOK := machineCPU()
	builds := make([][]submission.File, len(subs))
	for i, s := range subs {
		builds[i] = s.Files
	}
	if err := prepareAll(ctx, wr, builds, jobs); err != nil {
		return err
	}
	compiled := time.Since(start)
	warmResults, err := (&grader.Batch{Assignment: a, Runner: wr, Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		return err
	}
	warmTime := time.Since(start)
	st := wr.Stats()
	warmRuns := runs(warmResults)
	warmRate := float64(warmRuns) / warmTime.Seconds()
	fmt.Fprintf(w, "warm: %d submissions, %d runs in %s: %.0f cases/s (compile service %s; %d runs warm, %d cold; %d JVMs; %d submissions fell back to cold; %d spot checks, %d disagreed)\n",
		n, warmRuns, warmTime.Round(time.Millisecond), warmRate, compiled.Round(time.Millisecond),
		st.WarmCases.Load(), st.ColdCases.Load(), st.JVMs.Load(), st.Fallbacks.Load(), st.SpotChecks.Load(), st.Disagreed.Load())
	fmt.Fprint(w, warmBreakdown(st, n, compiled, cpu0, cpuOK))
	if coldN == 0 {
		return nil
	}

	fmt.Fprintf(errw, "grading %d submissions cold...\n", coldN)
	start = time.Now()
	cpu0, cpuOK = machineCPU()
	coldResults, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs}).Run(ctx, subs[:coldN])
	if err != nil {
		return err
	}
	coldTime := time.Since(start)
	coldRuns := runs(coldResults)
	coldRate := float64(coldRuns) / coldTime.Seconds()
	all := ""
	if coldN < n && coldRate > 0 {
		all = fmt.Sprintf("; all %d would take about %s", n, time.Duration(float64(warmRuns)/coldRate*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(w, "cold: %d submissions (a sample), %d runs in %s: %.1f cases/s%s\n",
		coldN, coldRuns, coldTime.Round(time.Millisecond), coldRate, all)
	if cpu1, ok := machineCPU(); ok && cpuOK && coldRuns > 0 {
		fmt.Fprintf(w, "cold, per run: %s of wall time on %d cores, the machine's CPU %s\n",
			ms(time.Duration(float64(coldTime)*float64(jobs)/float64(coldRuns))), jobs, cpu1.sub(cpu0).per(coldRuns))
	}
	if coldRate > 0 {
		fmt.Fprintf(w, "warm/cold: %.1fx the cases per second\n", warmRate/coldRate)
	}

	byID := map[string]grader.Result{}
	for _, r := range warmResults {
		byID[r.ID] = r
	}
	differ := 0
	for _, c := range coldResults {
		cw := byID[c.ID]
		cw.Key = c.Key
		cj, _ := json.Marshal(c)
		wj, _ := json.Marshal(cw)
		if string(cj) != string(wj) {
			differ++
			fmt.Fprintf(w, "  %s: cold and warm results differ\n", c.ID)
		}
	}
	if differ > 0 {
		return failed(fmt.Errorf("bench: %d of %d submissions graded differently cold and warm", differ, coldN))
	}
	fmt.Fprintf(w, "the %d submissions graded both ways have the same results\n", coldN)
	return nil
}

// warmBreakdown says where a warm submission's time went, on average:
// the wall time of each step (summed over the jobs, so the steps of
// submissions graded side by side add up) and the machine's CPU time.
func warmBreakdown(st *warm.Stats, n int, compiled time.Duration, cpu0 cpuTimes, cpuOK bool) string {
	per := func(d time.Duration) string { return ms(d / time.Duration(n)) }
	var b strings.Builder
	fmt.Fprintf(&b, "warm, per submission: compile service %s (its share of the batch's %s); harness box %s: %s to the first answer (box, JVM and harness start), the cases %s in the JVM",
		ms(compiled/time.Duration(n)), compiled.Round(time.Millisecond), per(st.Harness.Total()), per(st.Start.Total()), per(st.Cases.Total()))
	if k := st.SpotChecks.Load(); k > 0 {
		fmt.Fprintf(&b, "; %.1f spot checks %s (%s each)", float64(k)/float64(n), per(st.SpotCheck.Total()), ms(st.SpotCheck.Total()/time.Duration(k)))
	}
	if k := st.Waited.Load(); k > 0 {
		fmt.Fprintf(&b, "; %d cases waited and reran cold", k)
	}
	if cpu1, ok := machineCPU(); ok && cpuOK {
		fmt.Fprintf(&b, "; the machine's CPU %s", cpu1.sub(cpu0).per(n))
	}
	b.WriteString("\n")
	return b.String()
}

// ms rounds d to a tenth of a millisecond.
func ms(d time.Duration) string { return d.Round(100 * time.Microsecond).String() }

// cpuTimes is the CPU time the machine spent working, all processes: the
// boxes' programs are not the grader's children once their box is gone,
// so the grader's own rusage misses them.
type cpuTimes struct{ user, system time.Duration }

func (c cpuTimes) sub(d cpuTimes) cpuTimes { return cpuTimes{c.user - d.user, c.system - d.system} }

func (c cpuTimes) per(n int) string {
	k := time.Duration(n)
	return fmt.Sprintf("%s (user %s, system %s)", ms((c.user+c.system)/k), ms(c.user/k), ms(c.system/k))
}

// machineCPU reads the machine's CPU time from /proc/stat (Linux; false
// elsewhere): user and nice, then system, irq and softirq, in clock ticks
// of 10 ms.
func machineCPU() (cpuTimes, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}, false
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return cpuTimes{}, false
	}
	var v [8]int64
	for i := 1; i < 8; i++ {
		if v[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return cpuTimes{}, false
		}
	}
	tick := 10 * time.Millisecond
	return cpuTimes{user: time.Duration(v[1]+v[2]) * tick, system: time.Duration(v[3]+v[6]+v[7]) * tick}, true
}

// prepareAll compiles the builds ahead in the compile service, a JVM per
// job at most, 8 builds each at least (a Prepare compiles in one), as a
// batch does.
func prepareAll(ctx context.Context, wr *warm.Runner, builds [][]submission.File, jobs int) error {
	var g errgroup.Group
	k := max(1, min(jobs, (len(builds)+7)/8))
	for i := range k {
		part := builds[i*len(builds)/k : (i+1)*len(builds)/k]
		g.Go(func() error { return wr.Prepare(ctx, part, sandbox.Hooks{}) })
	}
	return g.Wait()
}
