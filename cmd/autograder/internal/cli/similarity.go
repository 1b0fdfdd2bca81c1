package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/canvas"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	ucli "github.com/urfave/cli/v2"
)

func similarityCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "similarity",
		Usage:     "find copied code among a batch's submissions (and against earlier terms or known solutions)",
		ArgsUsage: "INPUT...",
		Description: "Reads INPUT as grade does (folders, zips, Canvas downloads; the rubric's\n" +
			"languages), compares every pair of submissions by winnowed fingerprints of\n" +
			"their normalised tokens (C, C++, Java, Python: renamed identifiers, changed\n" +
			"literals, comments and layout do not hide a copy) and writes similarity.html\n" +
			"(ranked pairs, clusters, matching regions side by side) and similarity.csv\n" +
			"under --out. Code in --base (the handout's skeleton) is not counted; each\n" +
			"--against folder (an earlier term's batch, known solutions) is compared with\n" +
			"INPUT's submissions but not within itself. A submission it cannot read is\n" +
			"listed, never dropped. It changes no score.",
		Flags: append([]ucli.Flag{
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write similarity.html and similarity.csv under `DIR`", Required: true},
			rubricFlag(), assignmentFlag(),
			&ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "compare on `N` cores at once", DefaultText: "the number of cores"},
			&ucli.StringFlag{Name: "late-csv", Usage: "take submission times from `FILE` (CSV: Canvas user id or submission id, ISO 8601 time): the page shows them and who handed in first"},
		}, similarityFlags()...),
		Action: func(c *ucli.Context) error {
			if c.NArg() == 0 {
				return badInputf("similarity: no INPUT given: name a folder or zip of submissions")
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			subs, warnings, err := canvas.Discover(c.Args().Slice(), sourceExts(a), canvas.DefaultLimits)
			if err != nil {
				return badInput(err)
			}
			for _, w := range warnings {
				fmt.Fprintf(c.App.ErrWriter, "autograder: warning: %s\n", oneLine(w))
			}
			_, err = runSimilarity(c, a, subs, c.String("out"))
			return err
		},
	}
}

// similarityFlags are the flags similarity and grade --similarity share.
func similarityFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringSliceFlag{Name: "base", Usage: "code every submission was given (a `DIR` or FILE, e.g. the handout's skeleton): not counted as copied (repeatable)"},
		&ucli.StringSliceFlag{Name: "against", Usage: "a `DIR` of earlier terms' submissions or known solutions, compared with the batch but not within itself (repeatable)"},
		&ucli.IntFlag{Name: "show", Value: 50, Usage: "show the top `N` pairs side by side in similarity.html"},
		&ucli.IntFlag{Name: "list", Value: 1000, Usage: "list the top `N` pairs in similarity.html and similarity.csv"},
		&ucli.StringFlag{Name: "sections", Usage: "take each student's section from `FILE` (Canvas's gradebook export, or CSV: Canvas user id or submission id, section), shown in similarity.html"},
		&ucli.IntFlag{Name: "common", Value: int(100 * similarity.DefaultSettings.Common), Usage: "ignore code found in more than `PERCENT` of the submissions (of ten or more): what every solution has (0: ignore none)"},
	}
}

// runSimilarity compares subs (and the --against corpora), writes
// similarity.html and similarity.csv under out, prints the top pairs and
// what it took, and returns each submission's closest other, for
// index.html.
func runSimilarity(c *ucli.Context, a *grader.Assignment, subs []submission.Submission, out string) (map[string]similarity.Closest, error) {
	errw := c.App.ErrWriter
	start := time.Now()
	base, err := readBase(c.StringSlice("base"))
	if err != nil {
		return nil, err
	}
	if err := similarityNumbers(c); err != nil {
		return nil, err
	}
	sections, times, err := readDescriptions(c)
	if err != nil {
		return nil, err
	}
	corpus, err := readAgainst(c, a)
	if err != nil {
		return nil, err
	}
	if err := clearSimilarity(out); err != nil {
		return nil, err
	}
	docs, err := readDocs(c, subs, corpus)
	if err != nil {
		return nil, err
	}
	describe(subs, docs, sections, times)
	show, list := c.Int("show"), c.Int("list")
	settings := similarity.DefaultSettings
	settings.Common = float64(c.Int("common")) / 100
	prog := newPairProgress(errw)
	r := similarity.Compare(docs, similarity.Options{Settings: settings, Base: base, Jobs: c.Int("jobs"), Show: cmpOr(min(show, list), -1),
		Progress: prog.update, Context: c.Context})
	prog.finish()
	if c.Context.Err() != nil {
		return nil, errSimilarityStopped
	}
	page, err := r.HTML(a.Rubric.Name, list)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(out, "similarity.html"), page); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(out, "similarity.csv"), r.CSV(list)); err != nil {
		return nil, err
	}
	printPairs(c.App.Writer, r)
	printThreshold(c.App.Writer, r)
	for _, d := range r.Docs {
		if d.Problem != "" {
			fmt.Fprintf(errw, "autograder: similarity: not compared: %s: %s\n", escape.ID(d.ID), oneLine(d.Problem))
		}
		for _, n := range d.Notes {
			fmt.Fprintf(errw, "autograder: similarity: note: %s: %s\n", escape.ID(d.ID), oneLine(n))
		}
	}
	fmt.Fprintf(errw, "compared %s (%s) in %v, peak memory %d MB; results in %s\n",
		count(len(docs), "submission"), count(r.Compared, "pair"), time.Since(start).Round(time.Millisecond), peakRSS()>>20, filepath.Join(out, "similarity.html"))
	return r.Closest(), nil
}

// readDescriptions reads each student's section (--sections) and
// submission time (--late-csv), where the flags name files.
func readDescriptions(c *ucli.Context) (sections map[string]string, times map[string]time.Time, err error) {
	for _, f := range []struct {
		flag string
		read func(name string, r io.Reader) error
	}{
		{"sections", func(name string, r io.Reader) (err error) { sections, err = canvas.ReadSections(name, r); return err }},
		{"late-csv", func(name string, r io.Reader) (err error) { times, err = canvas.ReadTimes(name, r); return err }},
	} {
		p := c.String(f.flag)
		if p == "" {
			continue
		}
		file, err := os.Open(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, nil, badInputf("--%s %s: %w", f.flag, p, submission.ErrNotFound)
			}
			return nil, nil, badInputf("--%s %s: %v", f.flag, p, err)
		}
		err = f.read(p, file)
		file.Close()
		if err != nil {
			return nil, nil, badInput(err)
		}
	}
	return sections, times, nil
}

// describe sets each submission's document's section and submission
// time, where the files list them (docs holds subs' documents first).
func describe(subs []submission.Submission, docs []*similarity.Doc, sections map[string]string, times map[string]time.Time) {
	for i, s := range subs {
		docs[i].Section, _ = canvas.Lookup(sections, s)
		docs[i].Submitted, _ = canvas.Lookup(times, s)
	}
}

// clearSimilarity makes the folder out and removes an earlier run's
// similarity.html and .csv from it: an interrupted run leaves none that
// is not this batch's.
func clearSimilarity(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, name := range []string{"similarity.html", "similarity.csv"} {
		if err := os.Remove(filepath.Join(out, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// printThreshold prints the threshold similarity.html suggests, and how
// many submissions score at it or above.
func printThreshold(w io.Writer, r *similarity.Result) {
	var hs []float64
	for _, v := range r.Highest() {
		hs = append(hs, v)
	}
	t, ok := similarity.Suggest(hs)
	if !ok {
		return
	}
	above := 0
	for _, v := range hs {
		if v >= t.Score {
			above++
		}
	}
	fmt.Fprintf(w, "suggested threshold %.1f%%: %s at or above it\n", 100*t.Score, count(above, "submission"))
}

// errSimilarityStopped says that similarity was interrupted before it
// wrote anything.
var errSimilarityStopped = &exitError{ExitInterrupted, errors.New("interrupted: similarity.html and similarity.csv are not written")}

// cmpOr is x, or def when x is 0.
func cmpOr(x, def int) int {
	if x == 0 {
		return def
	}
	return x
}

// printPairs prints the ten most similar pairs.
func printPairs(w io.Writer, r *similarity.Result) {
	for i, p := range r.Pairs[:min(10, len(r.Pairs))] {
		fmt.Fprintf(w, "%3d. %5.1f%%  %s and %s (%.1f%% and %.1f%% of each in the other)\n", i+1, 100*p.Score(),
			escape.ID(r.Docs[p.A].ID), escape.ID(r.Docs[p.B].ID), 100*p.AB, 100*p.BA)
	}
}

// readBase reads the --base files and folders' sources into a Base.
func readBase(paths []string) (similarity.Base, error) {
	var files []similarity.File
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			lang := similarity.LangOf(path)
			if e.IsDir() || lang == nil {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files = append(files, similarity.File{Name: path, Lang: lang, Data: data})
			return nil
		})
		if err != nil {
			return nil, badInputf("--base %s: %v", p, err)
		}
	}
	if len(paths) > 0 && len(files) == 0 {
		return nil, badInputf("--base %s: no %s source in it", strings.Join(paths, ", "), similarity.Languages())
	}
	return similarity.NewBase(files, similarity.DefaultSettings), nil
}

// readAgainst finds each --against folder's submissions, named
// <folder>/<id>.
func readAgainst(c *ucli.Context, a *grader.Assignment) ([]submission.Submission, error) {
	var out []submission.Submission
	for _, dir := range c.StringSlice("against") {
		subs, _, err := canvas.Discover([]string{dir}, sourceExts(a), canvas.DefaultLimits)
		if err != nil {
			return nil, badInputf("--against %v", err)
		}
		for _, s := range subs {
			s.ID = filepath.Base(filepath.Clean(dir)) + "/" + s.ID
			out = append(out, s)
		}
	}
	return out, nil
}

// readDocs reads the batch's submissions and then the corpus's (marked
// as such) within the batch's budget of tokens, or stops when the
// command is interrupted.
func readDocs(c *ucli.Context, subs, corpus []submission.Submission) ([]*similarity.Doc, error) {
	budget := similarity.Budget(len(subs) + len(corpus))
	docs := make([]*similarity.Doc, 0, len(subs)+len(corpus))
	for i, s := range slices.Concat(subs, corpus) {
		if c.Context.Err() != nil {
			return nil, errSimilarityStopped
		}
		docs = append(docs, similarity.ReadWithin(s, i >= len(subs), budget))
	}
	return docs, nil
}

// pairProgress shows on a terminal how many pairs are compared; nothing
// elsewhere (a log gets the summary line).
type pairProgress struct {
	w        io.Writer
	terminal bool
	last     time.Time
}

func newPairProgress(w io.Writer) *pairProgress {
	return &pairProgress{w: w, terminal: isTerminal(w)}
}

func (p *pairProgress) update(done, total int) {
	if !p.terminal || time.Since(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last = time.Now()
	const width = 30
	filled := width * done / max(1, total)
	fmt.Fprintf(p.w, "\r\x1b[K[%s%s] %d/%d pairs compared", strings.Repeat("#", filled), strings.Repeat(" ", width-filled), done, total)
}

func (p *pairProgress) finish() {
	if p.terminal && !p.last.IsZero() {
		fmt.Fprintln(p.w)
	}
}

// similarColumn is index.html's column from each submission's closest.
func similarColumn(cl map[string]similarity.Closest) map[string]report.Similar {
	out := make(map[string]report.Similar, len(cl))
	for id, c := range cl {
		link := "similarity.html#pairs"
		if c.Aligned {
			link = fmt.Sprintf("similarity.html#p-%d", c.Rank)
		}
		out[id] = report.Similar{Other: c.Other, Score: c.Score, Link: link}
	}
	return out
}

// similarityAlone is bad input when grade is given the similarity flags
// without --similarity, which would ignore them, or --similarity with
// --shard, which sees part of the batch.
func similarityAlone(c *ucli.Context) error {
	if c.Bool("similarity") {
		if c.IsSet("shard") {
			return badInputf("--similarity compares the whole batch: give it to the plain grade that follows the shards, not to --shard")
		}
		return similarityNumbers(c)
	}
	for _, f := range []string{"base", "against", "show", "list", "common", "sections"} {
		if c.IsSet(f) {
			return badInputf("--%s is for --similarity, which is not given", f)
		}
	}
	return similarityNumbers(c)
}

// similarityNumbers checks --show, --list and --common.
func similarityNumbers(c *ucli.Context) error {
	if c.Int("show") < 0 || c.Int("list") < 0 {
		return badInputf("--show and --list must be 0 or more")
	}
	if p := c.Int("common"); p < 0 || p > 100 {
		return badInputf("--common must be a percentage, 0 to 100, not %d", p)
	}
	return nil
}
