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
	f.Add("class C { \\u0040Test void \\u0061b\\u0000c() {} // x\\u000a @Test void d() {} \\\\u0040Test @Test <T> void g() {} }")
	f.Fuzz(func(t *testing.T, src string) {
		s := scanJavaSource(src)
		text := string(javaText([]byte(src)))
		if len(s.code) != len(text) || len(s.bare) != len(text) || strings.Count(s.code, "\n") != strings.Count(text, "\n") || strings.Count(s.bare, "\n") != strings.Count(text, "\n") {
			t.Fatalf("lengths or lines changed: %q -> %q / %q", text, s.code, s.bare)
		}
		if !strings.Contains(src, `\u`) && !strings.ContainsFunc(src, javaIgnorable) && text != src {
			t.Fatalf("javaText changed a source with no escape and nothing ignorable: %q -> %q", src, text)
		}
		scanJava("A.java", []byte(src))
		unreadJava([]byte(src))
	})
}

func TestCollected(t *testing.T) {
	out := "_instructor/test_calc.py::test_add[1-2-3]\n_instructor/test_calc.py::TestX::test_y\n\n2 tests collected in 0.01s\nnot::a test\n"
	got := strings.Join(collected([]byte(out)), " ")
	if want := "test_calc.test_add[1-2-3] test_calc.TestX.test_y"; got != want {
		t.Errorf("collected %q, want %q", got, want)
	}
}

// FuzzCollected: any output of pytest --collect-only gives IDs of a
// module and a name, never an empty one.
func FuzzCollected(f *testing.F) {
	f.Add("a/test_x.py::test_y\n")
	f.Fuzz(func(t *testing.T, out string) {
		for _, id := range collected([]byte(out)) {
			if mod, name, ok := strings.Cut(id, "."); !ok || mod == "" && name == "" {
				t.Fatalf("ID %q from %q", id, out)
			}
		}
	})
}
