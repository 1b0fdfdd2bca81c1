package report_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestSimilarityOverviewInChromium opens similarity.html of a class with
// copies among independent solutions in headless Chromium and reads its
// overview as a TA would: the suggested threshold lies between the
// independent and the copied, the histogram marks the submissions above
// it, the clusters at it are drawn with every copier in them, each
// submission's closest other is listed with its section, when it was
// handed in and who was first, and look-alike IDs are shown apart and
// flagged. Then the top pair's table of regions: each region in a colour
// of its own, a row's click marking the region on both sides. It writes
// screenshots of the overview (similarity-overview.png), of the table of
// closest others (similarity-closest.png), of a pair's table of regions
// (similarity-pair.png) and of its code once a row is clicked
// (similarity-code.png).
func TestSimilarityOverviewInChromium(t *testing.T) {
	browser, driver := needChromium(t)
	docs := overviewBatch(t)
	r := similarity.Compare(docs, similarity.Options{Jobs: 1})
	sess, url := openSimilarityPage(t, browser, driver, r, 1000, "")
	var threshold float64
	sess.waitFor(t, "the suggested threshold", func() string {
		text := strings.TrimSuffix(sess.text(t, sess.find(t, "#threshold")), "%")
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return "#threshold says " + text
		}
		threshold = v
		return ""
	})
	// The independent solutions share at most a third; the copies nearly all.
	if threshold < 35 || threshold > 90 {
		t.Errorf("the suggested threshold is %.1f%%, want it between the independent (under 35%%) and the copied (over 90%%)", threshold)
	}
	bars := sess.findAll(t, "#histogram rect.bar")
	above := sess.findAll(t, "#histogram rect.bar.above")
	if len(bars) != 20 || len(above) == 0 || len(above) == len(bars) {
		t.Errorf("the histogram has %d bars, %d above the threshold; want 20, some above", len(bars), len(above))
	}
	if len(sess.findAll(t, "#histogram line.threshold")) != 1 {
		t.Error("the histogram does not mark the threshold")
	}
	overviewGraph(t, sess)
	overviewClosest(t, sess, docs)
	var title string
	sess.call(t, "GET", "/title", nil, &title)
	if title != "Eight Queens: similarity" {
		t.Errorf("the page's title is %q: a submission's name ran", title)
	}
	shots := *screenshots
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	sess.screenshot(t, filepath.Join(shots, "similarity-overview.png"))
	sess.call(t, "POST", "/url", map[string]any{"url": url + "#closest"})
	sess.screenshot(t, filepath.Join(shots, "similarity-closest.png"))
	overviewRegions(t, sess, url, filepath.Join(shots, "similarity-pair.png"))
	sess.screenshot(t, filepath.Join(shots, "similarity-code.png"))
}

// overviewGraph checks the clusters' graph: every copier is a node, the
// look-alike ones flagged, and the lines link to pairs shown.
func overviewGraph(t *testing.T, sess *session) {
	t.Helper()
	names := map[string]bool{}
	flagged := 0
	for _, n := range sess.findAll(t, "#graph circle.node") {
		names[sess.text(t, n)] = true
		var class string
		sess.call(t, "GET", "/element/"+n+"/attribute/class", nil, &class)
		if strings.Contains(class, "flagged") {
			flagged++
		}
	}
	var labels []string
	for _, l := range sess.findAll(t, "#graph text") {
		labels = append(labels, sess.text(t, l))
	}
	for _, want := range []string{"alice", "carol", "<U+0430>lice ⚠", "mallory<U+202E> ⚠"} {
		if !strings.Contains(strings.Join(labels, "\n"), want) {
			t.Errorf("the graph has no node %s; its labels: %q", want, labels)
		}
	}
	if flagged != 2 {
		t.Errorf("%d nodes of the graph are flagged, want 2 (the Cyrillic а and the U+202E)", flagged)
	}
	if len(sess.findAll(t, `#graph a[href^="#p-"] line.edge`)) == 0 {
		t.Error("no line of the graph links to a pair shown side by side")
	}
}

// overviewClosest checks the table of closest others.
func overviewClosest(t *testing.T, sess *session, docs []*similarity.Doc) {
	t.Helper()
	rows := map[string][]string{}
	for _, tr := range sess.findAll(t, "#closest-table tbody tr") {
		var cells []string
		for _, td := range sess.findAll(t, "#closest-table tbody tr:nth-child("+strconv.Itoa(len(rows)+1)+") td") {
			cells = append(cells, sess.text(t, td))
		}
		_ = tr
		if len(cells) == 7 {
			rows[strings.TrimSuffix(cells[0], " ⚠")] = cells
		}
	}
	if len(rows) < 15 {
		t.Fatalf("the closest-other table has %d rows, want one per submission", len(rows))
	}
	for _, d := range docs {
		if d.ID != "carol" {
			continue
		}
		when := d.Submitted.Format("2006-01-02 15:04 UTC")
		carol := rows["carol"]
		if carol == nil || carol[1] != d.Section || carol[2] != when || !strings.HasPrefix(carol[6], "the other, ") && !strings.HasPrefix(carol[6], "this one, ") {
			t.Errorf("carol's row is %q; want her section %s, her time %s and who handed in first", carol, d.Section, when)
		}
	}
	if r := rows["<U+0430>lice"]; r == nil || r[3] != "alice" && r[3] != "carol" && !strings.Contains(r[3], "alice") {
		t.Errorf("the Cyrillic-а copier's row is %q; want it shown apart from alice, with a closest other", r)
	}
	if rows["alice"] == nil {
		t.Error("alice has no row of her own: the look-alike's row took it")
	}
	if _, ok := rows[`<U+003C>img src=x onerror="document.title='ran'">`]; !ok {
		t.Error("the name that is markup is not shown as text in the closest-other table")
	}
}

// overviewRegions checks the table of regions of trent's pair with
// alice (a copy padded with statements that do nothing, so its regions
// are many): a colour each, and a row's click marks its region on both
// sides. It writes a screenshot of the pair into shot.
func overviewRegions(t *testing.T, sess *session, url, shot string) {
	t.Helper()
	var id string
	for _, h := range sess.findAll(t, "section.pair h2") {
		if text := sess.text(t, h); strings.Contains(text, "trent") && strings.Contains(text, "alice") {
			var rank string
			rank, _, _ = strings.Cut(text, ".")
			id = "p-" + rank
			break
		}
	}
	if id == "" {
		t.Fatal("alice and trent are not shown side by side")
	}
	sess.call(t, "POST", "/url", map[string]any{"url": url + "#" + id})
	rows := sess.findAll(t, "#"+id+" table.regions tbody tr")
	if len(rows) < 3 {
		t.Fatalf("alice and trent's pair has %d regions, want several", len(rows))
	}
	colours := map[string]bool{}
	for _, sw := range sess.findAll(t, "#"+id+" table.regions .swatch") {
		var bg string
		sess.call(t, "GET", "/element/"+sw+"/css/background-color", nil, &bg)
		colours[bg] = true
	}
	if len(colours) != len(rows) {
		t.Errorf("the pair's %d regions have %d colours, want one each", len(rows), len(colours))
	}
	sess.screenshot(t, shot)
	last := rows[len(rows)-1]
	var n string
	sess.call(t, "GET", "/element/"+last+"/attribute/data-m", nil, &n)
	sess.click(t, last)
	sess.waitFor(t, "region "+n+" marked on both sides", func() string {
		for _, side := range []string{"a", "b"} {
			var class string
			m := sess.find(t, "#"+id+` .side[data-side="`+side+`"] mark[data-m="`+n+`"]`)
			sess.call(t, "GET", "/element/"+m+"/attribute/class", nil, &class)
			if !strings.Contains(class, "focus") {
				return "side " + side + "'s mark has class " + class
			}
		}
		return ""
	})
}

// overviewBatch is a class: the example batch (one program and its
// variants), copies of alice's program handed in under look-alike names
// and one that is markup, and independent solutions; some with sections
// and submission times.
func overviewBatch(t *testing.T) []*similarity.Doc {
	t.Helper()
	subs, err := submission.Discover([]string{"../../examples"}, []string{".java"}, submission.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var docs []*similarity.Doc
	var ref string
	for _, s := range subs {
		docs = append(docs, similarity.Read(s, false))
		if s.ID == "alice" {
			ref = string(s.Files[0].Data)
		}
	}
	one := func(id, src string) *similarity.Doc {
		return similarity.Read(submission.Submission{ID: id, Files: []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}}, false)
	}
	docs = append(docs, one("\u0430lice", ref),
		one("mallory\u202e", strings.ReplaceAll(ref, "board", "grid")),
		one(`<img src=x onerror="document.title='ran'">`, strings.ReplaceAll(ref, "heuristic", "attacks")),
		one("trent", padded(ref)))
	for _, name := range []string{"Queens1.java", "Queens2.java"} {
		data, err := os.ReadFile(filepath.Join("../similarity/testdata/independent", name))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, one(strings.TrimSuffix(strings.ToLower(name), ".java"), string(data)))
	}
	rng := rand.New(rand.NewPCG(5, 40))
	for i := range 8 {
		docs = append(docs, one(fmt.Sprintf("student%02d", i), independentProgram(rng)))
	}
	start := time.Date(2025, 3, 5, 8, 0, 0, 0, time.UTC)
	for i, d := range docs {
		d.Section = fmt.Sprintf("L%02d", 1+i%3)
		if d.ID != "bob" { // one time unknown
			d.Submitted = start.Add(time.Duration(i) * time.Hour)
		}
	}
	return docs
}

// padded is a program with a statement that does nothing added at the
// start of every method: a copy whose matching regions are many.
func padded(src string) string {
	lines := strings.Split(src, "\n")
	var out []string
	for _, l := range lines {
		out = append(out, l)
		if strings.HasPrefix(l, "    ") && strings.Contains(l, "static ") && strings.HasSuffix(l, ") {") {
			out = append(out, "        int unusedTally = 0; if (unusedTally > 1) { unusedTally--; }")
		}
	}
	return strings.Join(out, "\n")
}

// independentProgram is a small Java program of random methods over
// random expressions, written by no one else.
func independentProgram(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString("public class Main {\n")
	for m := range 4 + rng.IntN(4) {
		fmt.Fprintf(&b, "  static int m%d(int a, int b) {\n    int x = a, y = b;\n", m)
		for range 4 + rng.IntN(5) {
			switch rng.IntN(5) {
			case 0:
				fmt.Fprintf(&b, "    for (int i = 0; i < %s; i++) x += %s;\n", expr(rng, 2), expr(rng, 2))
			case 1:
				fmt.Fprintf(&b, "    if (%s > %s) y = %s; else x -= %s;\n", expr(rng, 2), expr(rng, 1), expr(rng, 2), expr(rng, 1))
			case 2:
				fmt.Fprintf(&b, "    System.out.println(%s);\n", expr(rng, 2))
			case 3:
				fmt.Fprintf(&b, "    while (y < %s) y++;\n", expr(rng, 2))
			default:
				fmt.Fprintf(&b, "    x = %s;\n", expr(rng, 3))
			}
		}
		b.WriteString("    return x + y;\n  }\n")
	}
	b.WriteString("  public static void main(String[] args) { System.out.println(m0(3, 4)); }\n}\n")
	return b.String()
}

// expr is a random expression at most depth deep.
func expr(rng *rand.Rand, depth int) string {
	leaves := []string{"x", "y", "a", "b", "1", "7", "Math.abs(x)", "(y % 3)"}
	if depth == 0 || rng.IntN(3) == 0 {
		return leaves[rng.IntN(len(leaves))]
	}
	ops := []string{"+", "-", "*", "/", "%", "^", "&", "|", "<<"}
	l, r := expr(rng, depth-1), expr(rng, depth-1)
	switch rng.IntN(3) {
	case 0:
		return "(" + l + " " + ops[rng.IntN(len(ops))] + " " + r + ")"
	case 1:
		return fmt.Sprintf("m%d(%s, %s)", rng.IntN(4), l, r)
	}
	return l + " " + ops[rng.IntN(len(ops))] + " " + r
}
