package toolchain

import (
	"reflect"
	"strings"
	"testing"
)

func TestJavaTypes(t *testing.T) {
	class := func(name string) JavaType { return JavaType{Kind: "class", Name: name} }
	public := func(kind, name string) JavaType { return JavaType{Kind: kind, Name: name, Public: true} }
	tests := []struct {
		name, src string
		want      []JavaType
		blank     bool
	}{
		{"public class", "public class EightQueen {\n  public static void main(String[] a) {}\n}\n", []JavaType{public("class", "EightQueen")}, false},
		{"non-public class in EightQueens.java", "import java.util.*;\n\nclass EightQueen {\n  static class Board {}\n}\n", []JavaType{class("EightQueen")}, false},
		{"several", "package hw4;\nclass A {}\npublic final class B extends A implements Runnable { public void run() {} }\ninterface C {}\nenum D { X, Y; }\n",
			[]JavaType{class("A"), public("class", "B"), {Kind: "interface", Name: "C"}, {Kind: "enum", Name: "D"}}, false},
		{"record and annotation", "public record Point(int x, int y) {}\n@interface Marker {}\nrecord Pair<T>(T a, T b) {}\n",
			[]JavaType{public("record", "Point"), {Kind: "@interface", Name: "Marker"}, {Kind: "record", Name: "Pair"}}, false},
		{"modifiers and annotations", "@SuppressWarnings(\"unchecked\") public abstract sealed class S permits T {}\nfinal @Deprecated class T extends S {}\n",
			[]JavaType{public("class", "S"), class("T")}, false},
		{"class literal in an annotation", "@Ann(value = String.class)\nclass A {}\n", []JavaType{class("A")}, false},
		{"nested and anonymous left out", "class Outer {\n  class Inner {}\n  Runnable r = new Runnable() { public void run() {} };\n  enum E { A }\n}\n", []JavaType{class("Outer")}, false},
		{"public does not carry over", "public interface I {}\nclass A {}\n", []JavaType{public("interface", "I"), class("A")}, false},
		{"in comments and strings", "// public class Commented {}\n/* class Block {} */\nclass Real { String s = \"class Fake {}\"; char c = '{'; }\n", []JavaType{class("Real")}, false},
		{"record as a name", "class A { record r; }\nimport a.record;\n", []JavaType{class("A")}, false},
		{"one big comment", "/*\npublic class EightQueen {\n  public static void main(String[] args) {}\n}\n*/\n", nil, true},
		{"line comments", "// EightQueen.java\n// by a student\n\n", nil, true},
		{"empty", "", nil, true},
		{"byte order mark", "\uFEFF", nil, true},
		{"imports only", "import java.util.Random;\n", nil, false},
		{"unterminated", "class A { void f() {", []JavaType{class("A")}, false},
		{"stray closing braces", "}} class A {}", []JavaType{class("A")}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := JavaTypes([]byte(tc.src)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("JavaTypes = %+v, want %+v", got, tc.want)
			}
			if got := JavaBlank([]byte(tc.src)); got != tc.blank {
				t.Errorf("JavaBlank = %v, want %v", got, tc.blank)
			}
		})
	}
}

// FuzzJavaTypes: whatever the source, JavaTypes never panics and names
// only words of the source; a blank source declares nothing.
func FuzzJavaTypes(f *testing.F) {
	for _, s := range []string{"public class A {}", "record R(int x) {}", "@interface A {}", "class", "record", "/* class A {} */", "\"class A {}\"", "} class A {"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		types := JavaTypes(src)
		for _, ty := range types {
			if ty.Name == "" || !strings.Contains(javaText(src), ty.Name) {
				t.Errorf("type %+v is not in the source", ty)
			}
		}
		if JavaBlank(src) && len(types) > 0 {
			t.Errorf("a blank source declares %+v", types)
		}
	})
}
