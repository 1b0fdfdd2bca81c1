package unittest

import (
	"fmt"
	"strings"
	"testing"
)

// TestStandinSourcesOutOfArgv: however many stand-ins a submission's
// classes make, and however long their names, javac's command line names
// one argument file, which lists them all.
func TestStandinSourcesOutOfArgv(t *testing.T) {
	for _, n := range []int{1, 10000} {
		sources := map[string][]byte{}
		for i := range n {
			sources[fmt.Sprintf("C%05d%s.java", i, strings.Repeat("a", 240))] = []byte("class C {}")
		}
		files, args := standinSources(sources)
		if len(args) != 1 || args[0] != "@"+standinDir+"/sources.txt" {
			t.Fatalf("%d stand-ins: javac's arguments %.200q, want one argument file", n, args)
		}
		if len(files) != n+1 {
			t.Fatalf("%d stand-ins: %d files, want %d and the argument file", n, len(files), n)
		}
		list := string(files[n].Data)
		if files[n].Name != standinDir+"/sources.txt" || strings.Count(list, "\n") != n ||
			!strings.HasPrefix(list, standinDir+"/C00000") {
			t.Fatalf("%d stand-ins: argument file %s holds %.200q", n, files[n].Name, list)
		}
	}
	if files, args := standinSources(nil); files != nil || args != nil {
		t.Fatalf("no stand-ins: %v, %v", files, args)
	}
}
