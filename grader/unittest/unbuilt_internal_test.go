package unittest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// TestUnbuiltJava: a student's source that the build did not compile
// (no class of its name) and that the tests' compiler could not find is
// named in a note; one that was built, or that the log does not name as
// a missing class (only as a word, or another class's prefix), is not.
func TestUnbuiltJava(t *testing.T) {
	const log = `_instructor/LTest.java:4: error: cannot find symbol
    symbol:   class Ledger
    location: class LTest
_instructor/PTest.java:5: error: cannot find symbol
    symbol:   class Playlist
    location: class PTest
  the Song of it all; symbol: class Songs`
	files := func(names ...string) []sandbox.File {
		var fs []sandbox.File
		for _, n := range names {
			fs = append(fs, sandbox.File{Name: n})
		}
		return fs
	}
	for _, tc := range []struct {
		name  string
		files []sandbox.File
		want  []string // the files named, in order
	}{
		{"one unbuilt", files("Bank.java", "Bank.class", "Ledger.java"), []string{"Ledger.java"}},
		{"two unbuilt", files("Bank.java", "Bank.class", "Ledger.java", "Playlist.java"), []string{"Ledger.java, Playlist.java"}},
		{"built", files("Ledger.java", "Ledger.class"), nil},
		{"a word or a prefix only", files("Song.java", "Bank.java"), nil},
		{"in a folder", files("src/Ledger.java"), []string{"src/Ledger.java"}},
	} {
		got := unbuiltJava(tc.files, log)
		var named []string
		for _, n := range got {
			head, _, _ := strings.Cut(n, " handed in")
			named = append(named, head)
		}
		if !reflect.DeepEqual(named, tc.want) {
			t.Errorf("%s: %q, want the files %q", tc.name, got, tc.want)
		}
	}
	if got := unbuiltJava(files("Ledger.java"), ""); got != nil {
		t.Errorf("no compile log: %q", got)
	}
}
