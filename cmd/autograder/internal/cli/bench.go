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
			"same both ways; a difference fails the command. It says where a warm\n" +
			"submission's time went: the JVMs and compiler runs it started, the CPU time of each\n" +
			"kind of box (compile service, harness, spot checks) and of the grader, and the\n" +
			"wall time of each step (the harness's start and its scan, the cases, the spot\n" +
			"checks). --naive N times the first N the naive way too, the yardstick of warm\n" +
			"mode's speed: compiled once each, then one plain run per case, outside any sandbox\n" +
			"(the sources are the bench's own); --cpuprofile writes the grader's Go profile.\n\n" +
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
			&ucli.IntFlag{Name: "naive", Usage: "time the first `N` submissions the naive way too: compiled once each, then one plain run per case, outside any sandbox (the yardstick of warm mode's speed)"},
			&ucli.StringFlag{Name: "cpuprofile", Usage: "write a Go CPU profile of the grader during the warm half to `FILE` (go tool pprof)"},
			&ucli.BoolFlag{Name: "waiting", Usage: "grade the waiting mix: 10 correct submissions, then beside a sleeper and a looper"},
			&ucli.StringFlag{Name: "hand-in", Usage: "grade copies of the hand-in in `DIR` as grade does, timed in bare starts of the runtime"},
			&ucli.IntFlag{Name: "copies", Value: 10, Usage: "with --hand-in, grade `N` copies"},
		},
		Action: func(c *ucli.Context) error {
			n, coldN, naiveN := c.Int("submissions"), c.Int("cold"), c.Int("naive")
			if n <= 0 || coldN < 0 || naiveN < 0 {
				return badInputf("bench: --submissions must be positive, --cold and --naive not negative")
			}
			coldN, naiveN = min(coldN, n), min(naiveN, n)
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
			return runBench(c.Context, c.App.Writer, c.App.ErrWriter, a, benchSizes{n, coldN, naiveN}, jobs, c.String("cpuprofile"))
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

// benchSizes are how many submissions bench grades warm, cold and the
// naive way.
type benchSizes struct{ warm, cold, naive int }

func runBench(ctx context.Context, w, errw io.Writer, a *grader.Assignment, sz benchSizes, jobs int, profile string) error {
	n, coldN := sz.warm, sz.cold
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
	stopProfile := func() {}
	if profile != "" {
		if stopProfile, err = startCPUProfile(profile); err != nil {
			return err
		}
	}
	start = time.Now()
	cpu0, cpuOK := machineCPU()
	self0 := processCPU()
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
	stopProfile()
	st := wr.Stats()
	warmRuns := runs(warmResults)
	warmRate := float64(warmRuns) / warmTime.Seconds()
	fmt.Fprintf(w, "warm: %d submissions, %d runs in %s: %.0f cases/s (compile service %s; %d runs warm, %d cold; %d JVMs; %d submissions fell back to cold; %d spot checks, %d disagreed)\n",
		n, warmRuns, warmTime.Round(time.Millisecond), warmRate, compiled.Round(time.Millisecond),
		st.WarmCases.Load(), st.ColdCases.Load(), st.JVMs.Load(), st.Fallbacks.Load(), st.SpotChecks.Load(), st.Disagreed.Load())
	selfCPU := processCPU() - self0
	fmt.Fprint(w, warmBreakdown(st, n, compiled, cpu0, cpuOK, self0))
	if sz.naive > 0 {
		fmt.Fprintf(errw, "running %d submissions the naive way...\n", sz.naive)
		nv, err := naiveRuns(ctx, subs[:sz.naive], a.Rubric.Build.Main, inputs, jobs)
		if err != nil {
			return err
		}
		if nv.runs > 0 {
			rate := float64(nv.runs) / nv.wall.Seconds()
			fmt.Fprintf(w, "naive (compiled once each, one plain run per case, %d at a time): %d submissions, %d runs in %s: %.1f cases/s; all %d would take about %s; CPU a submission: compile %s, its runs %s (%s each)\n",
				jobs, sz.naive, nv.runs, nv.wall.Round(time.Millisecond), rate, n, time.Duration(float64(warmRuns)/rate*float64(time.Second)).Round(time.Second),
				ms(nv.compileCPU/time.Duration(sz.naive)), ms(nv.runCPU/time.Duration(sz.naive)), ms(nv.runCPU/time.Duration(nv.runs)))
			fmt.Fprintf(w, "warm/naive: %.1fx the cases per second", warmRate/rate)
			if boxes := st.CompileCPU.Total() + st.HarnessCPU.Total() + st.SpotCheckCPU.Total(); boxes > 0 {
				// CPU time a case, the boxes' and the grader's against the naive compile's and runs': what the load changes least.
				warmCPU := float64(boxes+selfCPU) / float64(warmRuns)
				fmt.Fprintf(w, "; %.1fx less CPU a case (warm: its boxes' and the grader's, not the sandbox's helpers')", float64(nv.compileCPU+nv.runCPU)/float64(nv.runs)/warmCPU)
			}
			fmt.Fprintln(w)
		}
	}
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
//
// Three lines: what a submission started (JVMs and compiler runs), the CPU
// time of each kind of box as its sandbox measured it (and the grader's
// own, and the machine's), and the wall time of each step.
func warmBreakdown(st *warm.Stats, n int, compiled time.Duration, cpu0 cpuTimes, cpuOK bool, self0 time.Duration) string {
	per := func(d time.Duration) string { return ms(d / time.Duration(n)) }
	avg := func(k int64) float64 { return float64(k) / float64(n) }
	harness := st.JVMs.Load() - st.CompileJVMs.Load()
	var b strings.Builder
	fmt.Fprintf(&b, "warm, per submission: JVM starts %.2f (harness %.2f, compile service %.2f, spot checks %.2f); compiler runs %.2f in the compile service, %.2f cold\n",
		avg(harness+st.CompileJVMs.Load()+st.SpotChecks.Load()), avg(harness), avg(st.CompileJVMs.Load()), avg(st.SpotChecks.Load()),
		avg(st.Compiled.Load()), avg(st.ColdBuilds.Load()))
	boxes := st.CompileCPU.Total() + st.HarnessCPU.Total() + st.SpotCheckCPU.Total()
	fmt.Fprintf(&b, "warm CPU per submission: compile service %s, harness boxes %s, spot checks %s",
		per(st.CompileCPU.Total()), per(st.HarnessCPU.Total()), per(st.SpotCheckCPU.Total()))
	if k := st.SpotChecks.Load(); k > 0 {
		fmt.Fprintf(&b, " (%s each)", ms(st.SpotCheckCPU.Total()/time.Duration(k)))
	}
	self := processCPU() - self0
	fmt.Fprintf(&b, ", the grader %s", per(self))
	if cpu1, ok := machineCPU(); ok && cpuOK {
		all := cpu1.sub(cpu0)
		fmt.Fprintf(&b, "; the machine's CPU %s, of which the rest (sandbox helpers, the kernel, other work) %s", all.per(n), per(all.user+all.system-boxes-self))
	}
	fmt.Fprintf(&b, "\nwarm wall per submission: compile service %s (its share of the batch's %s); harness box %s: %s to READY (of which the harness's own %s, its scan %s), %s to the first answer, the cases %s in the JVM",
		ms(compiled/time.Duration(n)), compiled.Round(time.Millisecond), per(st.Harness.Total()), per(st.Ready.Total()), per(st.Setup.Total()), per(st.Scan.Total()),
		per(st.Start.Total()), per(st.Cases.Total()))
	if k := st.SpotChecks.Load(); k > 0 {
		fmt.Fprintf(&b, "; %.1f spot checks %s (%s each)", avg(k), per(st.SpotCheck.Total()), ms(st.SpotCheck.Total()/time.Duration(k)))
	}
	if k := st.Waited.Load(); k > 0 {
		fmt.Fprintf(&b, "; %d cases waited and reran cold", k)
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
