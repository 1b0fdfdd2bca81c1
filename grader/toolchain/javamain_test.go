package toolchain

import (
	"fmt"
	"strings"
	"testing"
)

const javaMainSrc = "public class %s {\n    public static void main(String[] args) {}\n}\n"

func TestJavaMainClass(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{fmt.Sprintf(javaMainSrc, "Sum"), "Sum"},
		{"class Helper {}\nclass Sum {\n  static public void main(String... a) {}\n}", "Sum"},
		{"// class Fake { public static void main(\nclass Real { public static final void main(String[] a) {} }", "Real"},
		{"class A { String s = \"class B { public static void main(\"; }", ""},
		{"/* public static void main( */ class A {}", ""},
		{"class Outer { char c = '\"'; public static void main(String[] a) {} }", "Outer"},
		{"public class Nim {\n  record Choice(int value, int move) {}\n  static class Table { int[] v = {1, 2}; }\n  public static void main(String[] a) {}\n}", "Nim"},
		{"class Outer {\n  static class Inner {\n    public static void main(String[] a) {}\n  }\n}", "Inner"},
		{"class \\u0041 { public static void main(String[] a) {} }", "A"},
		{"", ""},
	} {
		if got := JavaMainClass([]byte(tc.src)); got != tc.want {
			t.Errorf("JavaMainClass(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func FuzzJavaMainClass(f *testing.F) {
	f.Add([]byte(fmt.Sprintf(javaMainSrc, "Sum")))
	f.Add([]byte("/* x */ class A { char c = '\\''; String s = \"\\\"\"; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		c := JavaMainClass(src)
		if c != "" && !strings.Contains(javaText(src), c) {
			t.Fatalf("class %q is not in the source", c)
		}
	})
}
