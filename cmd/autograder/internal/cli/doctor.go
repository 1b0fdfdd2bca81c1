package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	"github.com/cs540-tools/autograder/sandbox"
	ucli "github.com/urfave/cli/v2"
)

func doctorCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "doctor",
		Usage:     "say how submissions will be contained on this machine and which languages work in the sandbox",
		ArgsUsage: "[LANGUAGE...]",
		Description: "Checks every language preset, or only those named (doctor java python).\n" +
			"A language that worked is remembered (in the user's cache folder) with the files\n" +
			"of its tools: while they stay the same, doctor says so at once; --fresh builds\n" +
			"and runs their hello-worlds again.",
		Flags: []ucli.Flag{&ucli.BoolFlag{Name: "fresh", Usage: "check the languages again, ignoring what an earlier doctor found"}},
		Action: func(c *ucli.Context) error {
			w := c.App.Writer
			langs, err := doctorLanguages(c.Args().Slice())
			if err != nil {
				return err
			}
			t := sandbox.Detect()
			fmt.Fprintf(w, "sandbox tier: %s\n  why: %s\n", t, sandbox.Reason())
			if warn := t.Warning(); warn != "" {
				fmt.Fprintf(w, "  WARNING: %s\n", warn)
			}
			fmt.Fprintf(w, "stack: %s (each run's, at the default memory, whatever this shell's; a rubric's limits.stack sets another)\n", runner.StackText(sandbox.Limits{}, toolchain.All()...))
			fmt.Fprintln(w, "languages (a hello-world built and run in the sandbox):")
			lines, before := hellos(c.Context, langs, doctorCache(c.Bool("fresh"), t.String(), langs))
			for i, line := range lines {
				fmt.Fprintf(w, "  %-7s %s\n", langs[i], line)
			}
			if len(before) > 0 {
				fmt.Fprintf(w, "  (%s: as an earlier doctor found, with the same tools; --fresh checks again)\n", strings.Join(before, ", "))
			}
			for _, tc := range toolchain.All() {
				if len(tc.JudgesTools) == 0 {
					continue
				}
				if tools, err := runner.JudgesTools(c.Context, tc); err != nil {
					fmt.Fprintf(w, "judges' runtime, %s: unavailable (%v); a problem package's %s programs run with the grader's own, and their verdicts say so\n", tc.Name, err, tc.Title)
				} else {
					fmt.Fprintf(w, "judges' runtime, %s: %s %s (%s), for problem packages\n", tc.Name, tc.JudgesRuntime, tools[0].Version, tools[0].Path)
				}
			}
			if j, err := warm.FindJDK(""); err != nil {
				fmt.Fprintf(w, "warm mode: unavailable (%v); Java runs cold, one JVM per case\n", err)
			} else {
				fmt.Fprintf(w, "warm mode: ready (java %s at %s)\n", j.Version, j.Java)
			}
			fmt.Fprintf(w, "repeated runs: %s\n", clock(c.Context))
			for _, tc := range toolchain.Frameworks() {
				if missing := tc.Tests.Missing(); missing != "" {
					fmt.Fprintf(w, "unit tests, %s: unavailable: %s\n", tc.Tests.Name, missing)
				} else {
					fmt.Fprintf(w, "unit tests, %s: ready\n", tc.Tests.Name)
				}
			}
			return nil
		},
	}
}

// doctorLanguages are the languages doctor checks: every preset, or
// those named, in the presets' order; a name that is no preset is bad
// input.
func doctorLanguages(names []string) ([]rubric.Language, error) {
	all := rubric.Presets()
	if len(names) == 0 {
		return all, nil
	}
	for _, n := range names {
		if !slices.Contains(all, rubric.Language(n)) {
			return nil, badInputf("doctor: no language %q: the languages are %s", n, strings.Trim(fmt.Sprint(all), "[]"))
		}
	}
	return slices.DeleteFunc(all, func(l rubric.Language) bool { return !slices.Contains(names, string(l)) }), nil
}

// hellos says whether each language's preset works here, in the order of
// langs, all checked at once (the slowest, a cold Go build of the standard
// library, sets the time) but those the cache says worked with the same
// tools, which it names (before).
func hellos(ctx context.Context, langs []rubric.Language, cache *helloCache) (out, before []string) {
	out = make([]string, len(langs))
	var wg sync.WaitGroup
	for i, lang := range langs {
		key := cache.key(lang)
		if line, ok := cache.seen[string(lang)]; ok && line.Key == key {
			out[i], before = line.Line, append(before, string(lang))
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = hello(ctx, lang)
			if strings.HasPrefix(out[i], "works: ") {
				cache.remember(lang, key, out[i])
			}
		}()
	}
	wg.Wait()
	cache.save()
	return out, before
}

// helloCache is what earlier doctors found working: each language's line
// by a key of the grader's version, the sandbox's tier and its tools'
// files (path, size, time), so that a tool changed is checked again. A
// language that did not work is never remembered.
type helloCache struct {
	path, base string
	mu         sync.Mutex
	seen       map[string]helloLine
	changed    bool
}

type helloLine struct {
	Key  string `json:"key"`
	Line string `json:"line"`
}

// doctorCache reads the cache in the user's cache folder; with fresh,
// it forgets the languages langs (doctor checks them again, and the
// others stay remembered); without a cache folder it starts empty and
// saves nothing.
func doctorCache(fresh bool, tier string, langs []rubric.Language) *helloCache {
	hc := &helloCache{base: buildVersion() + "\x00" + tier, seen: map[string]helloLine{}}
	dir, err := os.UserCacheDir()
	if err != nil {
		return hc
	}
	hc.path = filepath.Join(dir, "autograder", "doctor.json")
	if data, err := os.ReadFile(hc.path); err == nil {
		if json.Unmarshal(data, &hc.seen) != nil {
			hc.seen = map[string]helloLine{}
		}
	}
	if fresh {
		for _, l := range langs {
			if _, ok := hc.seen[string(l)]; ok {
				delete(hc.seen, string(l))
				hc.changed = true
			}
		}
	}
	return hc
}

// key is what a language's hello-world depends on here.
func (hc *helloCache) key(lang rubric.Language) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", hc.base, lang)
	if tc := toolchain.Lookup(lang); tc != nil {
		h.Write(tc.Hello.Data)
		for _, t := range tc.Tools {
			for _, p := range t.Paths() {
				if st, err := os.Stat(p); err == nil {
					fmt.Fprintf(h, "%s %d %d\x00", p, st.Size(), st.ModTime().UnixNano())
				}
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (hc *helloCache) remember(lang rubric.Language, key, line string) {
	hc.mu.Lock()
	defer hc.mu.Unlock()
	hc.seen[string(lang)], hc.changed = helloLine{key, line}, true
}

// save writes the cache when it changed; a cache that cannot be written
// costs the next doctor its time, nothing else.
func (hc *helloCache) save() {
	if !hc.changed || hc.path == "" {
		return
	}
	data, err := json.MarshalIndent(hc.seen, "", "  ")
	if err == nil && os.MkdirAll(filepath.Dir(hc.path), 0o755) == nil {
		atomicfile.WriteFile(hc.path, data)
	}
}

// hello says whether a language's preset works here, with what.
func hello(ctx context.Context, lang rubric.Language) string {
	tools, runtime, err := runner.Hello(ctx, lang)
	if err != nil {
		return "does not work: " + err.Error()
	}
	var where []string
	for _, t := range tools {
		where = append(where, t.Name+" = "+t.Path)
	}
	return fmt.Sprintf("works: %s (%s)", runtime, strings.Join(where, ", "))
}

// clock says whether the runs of a repeated case get clocks of their own.
func clock(ctx context.Context) string {
	lib, saw, want, err := runner.CheckClock(ctx)
	if d := saw.Sub(want); err == nil && (d < 0 || d > time.Minute) {
		err = fmt.Errorf("a box's clock read %s with %s, not %s", saw.Format(time.DateTime), lib, want.Format(time.DateTime))
	}
	if err != nil {
		return "the clock is not moved (" + err.Error() + "): a program seeding its generator from the clock in seconds " +
			"may repeat itself across a repeated case's runs; install libfaketime (Debian's package libfaketime)"
	}
	msg := fmt.Sprintf("each run's clock starts at its own time with %s (run 1 of a case %q read %s UTC)", lib, "doctor", saw.Format(time.DateTime))
	if runner.ClockFix() == "" {
		msg += "; but with no C compiler (cc) to build the clock fix, a sleep until a time on the monotonic clock " +
			"(Python's time.sleep) fails in those runs under libfaketime 0.9.10: install gcc"
	}
	return msg
}
