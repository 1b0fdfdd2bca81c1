package toolchain

import (
	"regexp"
	"strings"
	"testing"
)

func TestJavaPackage(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // the package, "" for none
		stmt      string // the statement's text
	}{
		{"plain", "package hw4;\npublic class EightQueen {}\n", "hw4", "package hw4;"},
		{"dotted", "package edu.wisc.cs540 ;\nclass A {}", "edu.wisc.cs540", "package edu.wisc.cs540 ;"},
		{"spaced over lines", "package\n  a .\n b;\nclass A {}", "a.b", "package\n  a .\n b;"},
		{"after comments", "// hw4\n/* by me\n package x; */\n/** doc */ package real;\n", "real", "package real;"},
		{"annotated", "@Deprecated @a.B(x = \")\") package p;", "p", "package p;"},
		{"byte order mark", "\uFEFFpackage p;", "p", "package p;"},
		{"unicode name", "package ünï.cødé;", "ünï.cødé", "package ünï.cødé;"},
		{"none", "public class EightQueen {}\n", "", ""},
		{"in a block comment", "/*\npackage hw4;\n*/\npublic class EightQueen {}\n", "", ""},
		{"in a line comment", "// package hw4;\npublic class EightQueen {}\n", "", ""},
		// javac translates unicode escapes before it reads anything.
		{"escaped", `\u0070ackage \u0061.b\u003b class A {}`, "a.b", `\u0070ackage \u0061.b\u003b`},
		{"escaped letters", `package \u00e9t\uu00e9;`, "été", `package \u00e9t\uu00e9;`},
		{"escaped comment", "\\u002f\\u002f package p;\nclass A {}", "", ""},
		{"escaped backslash", `\\u0070ackage p;`, "", ""},
		// javac ends a line at a carriage return too (an old Mac file).
		{"after a comment ended by CR", "// hw4\rpackage p;", "p", "package p;"},
		{"in a string", "class A { String s = \"\npackage hw4;\"; }", "", ""},
		{"in a text block", "class A { String s = \"\"\"\npackage hw4;\n\"\"\"; }", "", ""},
		{"after imports", "import java.util.*;\npackage hw4;\n", "", ""},
		{"after the class", "class A {}\npackage hw4;\n", "", ""},
		{"no semicolon", "package hw4\nclass A {}", "", ""},
		{"keyword only", "package;", "", ""},
		{"unterminated comment", "/* package hw4;", "", ""},
		{"empty", "", "", ""},
		{"annotation interface", "@interface A {}", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name, start, end, ok := JavaPackage([]byte(tc.src))
			if ok != (tc.want != "") || name != tc.want {
				t.Fatalf("JavaPackage = %q, %v; want %q", name, ok, tc.want)
			}
			if ok && tc.src[start:end] != tc.stmt {
				t.Errorf("statement %q, want %q", tc.src[start:end], tc.stmt)
			}
		})
	}
}

// javaText is src as javac reads it, its unicode escapes translated.
func javaText(src []byte) string { return string(newJavaScanner(src).src) }

var javaName = regexp.MustCompile(`^[^.\s;]+(\.[^.\s;]+)*$`)

// FuzzJavaPackage: whatever the source, JavaPackage never panics, and a
// statement it finds lies in the source, runs from "package" to ";" (its
// unicode escapes translated) and names a dotted name.
func FuzzJavaPackage(f *testing.F) {
	for _, s := range []string{"package a.b;", "/* package x; */ class A {}", "@A(\"(\") package p;", "\"\"\"", "'\\", "/*", "package ünï;", `\u0070ackage \u0061\u003b`, `package a\uuu002eb;`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// The text's bytes lie in the source in order, from its start to
		// its end.
		s := newJavaScanner(src)
		for i, prev := 0, 0; i <= len(s.src); i++ {
			at := s.fileAt(i)
			if at < prev || at > len(src) || i == 0 && at != 0 || i == len(s.src) && at != len(src) {
				t.Fatalf("text byte %d of %d lies at %d (after %d) of %d", i, len(s.src), at, prev, len(src))
			}
			prev = at
		}
		name, start, end, ok := JavaPackage(src)
		if !ok {
			return
		}
		if start < 0 || start > end || end > len(src) {
			t.Fatalf("range %d..%d of %d bytes", start, end, len(src))
		}
		stmt := javaText(src[start:end])
		if !strings.HasPrefix(stmt, "package") || !strings.HasSuffix(stmt, ";") || !javaName.MatchString(name) {
			t.Fatalf("statement %q, name %q", stmt, name)
		}
	})
}
