package similarity_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestPageHostile: what students control (IDs, file names, code) and
// what a TA's files say (sections) reach the page as text: markup
// escaped, what hides or reorders text made visible, long names cut
// with a hash, so that no two IDs show alike and the page stays small.
func TestPageHostile(t *testing.T) {
	ref := reference(t)
	long := strings.Repeat("x", 100_000)
	ids := []string{"alice", "\u0430lice", "alice\u202e", `</script><script>alert(1)</script>`, long + "1", long + "2"}
	var docs []*similarity.Doc
	for i, id := range ids {
		src := ref
		if i == 3 {
			src += "\n// </pre></div><script>alert(2)</script>\n"
		}
		d := similarity.Read(submission.Submission{ID: id, Files: []submission.File{
			{Name: "<b>Eight\u202eQueen</b>.java", Data: []byte(src)}}}, false)
		d.Section = "<i>L01</i>\u202e"
		d.Submitted = time.Date(2025, 3, 5, 8+i, 0, 0, 0, time.UTC)
		docs = append(docs, d)
	}
	page, err := similarity.Compare(docs, similarity.Options{Jobs: 1}).HTML("<title>", 100)
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, bad := range []string{"<script>alert", "<b>Eight", "<i>L01", "\u202e", "<title><title>"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page has %q raw", bad)
		}
	}
	// html/template writes "+" as &#43;.
	for _, want := range []string{"&lt;U&#43;0430&gt;lice ⚠", "alice&lt;U&#43;202E&gt; ⚠", "&lt;U&#43;003C&gt;/script&gt;&lt;U&#43;003C&gt;script&gt;alert(1)",
		"&lt;b&gt;Eight&lt;U&#43;202E&gt;Queen&lt;/b&gt;.java", "&lt;i&gt;L01&lt;/i&gt;&lt;U&#43;202E&gt;"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page does not show %q", want)
		}
	}
	hashes := map[string]bool{}
	for _, m := range regexp.MustCompile(`… \(#([0-9a-f]{16})\)`).FindAllStringSubmatch(html, -1) {
		hashes[m[1]] = true
	}
	if len(hashes) != 2 {
		t.Errorf("the two long IDs show with %d hashes, want 2", len(hashes))
	}
	if strings.Count(html, "class=\"id flagged\"") == 0 {
		t.Error("no ID is flagged")
	}
	if strings.Contains(html, long[:1000]) || len(page) > 4<<20 {
		t.Errorf("a 100 kB ID is shown whole (page of %d bytes)", len(page))
	}
}

// FuzzPage: whatever the IDs, file names and code, the page is written,
// and its one script is its own.
func FuzzPage(f *testing.F) {
	f.Add("alice", "A.java", "class A { int f() { return 1 + 2 * 3; } }", "L01")
	f.Add("<script>x</script>", "<b>.c", "int main(){return 0;}//</pre><script>", "\u202e")
	f.Fuzz(func(t *testing.T, id, name, src, section string) {
		var docs []*similarity.Doc
		for _, suffix := range []string{"", "2", "\u202e"} {
			d := similarity.Read(submission.Submission{ID: id + suffix, Files: []submission.File{{Name: name, Data: []byte(src)}}}, false)
			d.Section = section
			docs = append(docs, d)
		}
		page, err := similarity.Compare(docs, similarity.Options{Jobs: 1}).HTML(id, 10)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(strings.ToLower(string(page)), "<script"); n != 1 {
			t.Fatalf("the page has %d scripts", n)
		}
	})
}
