package unittest

import (
	"strings"
	"testing"
)

// FuzzScanJava: comments and literals are blanked in place (every offset
// and newline kept), and scanning never panics.
func FuzzScanJava(f *testing.F) {
	f.Add("class A { @Test void a() {} // @Test void b() {}\n /* x */ String s = \"}\"; char c = '{'; }")
	f.Add(`@Nested class B { """ text { """ @RepeatedTest(2) void r() {} }`)
	f.Fuzz(func(t *testing.T, src string) {
		s := scanJavaSource(src)
		if len(s.code) != len(src) || len(s.bare) != len(src) || strings.Count(s.code, "\n") != strings.Count(src, "\n") || strings.Count(s.bare, "\n") != strings.Count(src, "\n") {
			t.Fatalf("lengths or lines changed: %q -> %q / %q", src, s.code, s.bare)
		}
		scanJava("A.java", []byte(src))
	})
}
