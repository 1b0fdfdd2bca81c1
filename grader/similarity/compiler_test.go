package similarity_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/similarity"
)

// The disguises below hide a verbatim copy behind what the compiler
// makes of the bytes before it reads tokens. Each was checked by hand
// against the real compiler (javac 21, gcc 12, python 3.11): the
// disguised file builds and runs as the original does.

// unicodeNewlines puts every line of a Java program behind a line
// comment that javac ends at \u000a: a lexer that reads the bytes sees
// comments only.
func unicodeNewlines(src string) string {
	return regexp.MustCompile(`(?m)^`).ReplaceAllString(src, `//\u000a`)
}

// unicodeComments puts an empty comment written with unicode escapes
// (/\u002a\u002a/) between every two words of a Java program (its own
// comments dropped, its strings kept): javac reads comments, a lexer that
// reads the bytes an operator and names.
func unicodeComments(src string) string {
	src = regexp.MustCompile(`(?s:/\*.*?\*/)|(?m://.*$)`).ReplaceAllString(src, "")
	strs := regexp.MustCompile(`"(\\.|[^"\\\n])*"|'(\\.|[^'\\\n])*'`)
	var b strings.Builder
	at := 0
	for _, m := range strs.FindAllStringIndex(src, -1) {
		b.WriteString(strings.ReplaceAll(src[at:m[0]], " ", ` /\u002a\u002a/ `))
		b.WriteString(src[m[0]:m[1]])
		at = m[1]
	}
	b.WriteString(strings.ReplaceAll(src[at:], " ", ` /\u002a\u002a/ `))
	return b.String()
}

// utf7 writes a Python program on its second line, a comment, in UTF-7,
// as its coding line says: its line ends are +AAo-.
func utf7(src string) string {
	return "# coding: utf-7\n#+AAo-" + strings.NewReplacer("+", "+-", "\n", "+AAo-").Replace(src)
}

// unicodeEscape writes a Python program on its second line, a comment,
// in Python's unicode_escape: its line ends are \n.
func unicodeEscape(src string) string {
	return "# -*- coding: unicode_escape -*-\n#\\n" + strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(src)
}

// splitWords splits every name and keyword of a C program of two or
// more letters with a line splice.
func splitWords(src string) string {
	return regexp.MustCompile(`\b([A-Za-z_])([A-Za-z_0-9]+)\b`).ReplaceAllString(src, "$1\\\n$2")
}

// spacedSplices adds a line of decoy code after every line of a C
// program, which gcc reads as part of a line comment that ends in a
// backslash and a blank (gcc splices the lines, with a warning).
func spacedSplices(src string) string {
	return regexp.MustCompile(`(?m)([;{}])$`).ReplaceAllString(src, "$1 // \\ \nint decoy_a = decoy_b * 2 + decoy_c[3];")
}

// rawSplice hides a C++ program in a comment that a lexer finds after a
// raw string it ends early: g++ undoes a line splice within a raw string,
// so the string runs on to the second )x" (the program's own comments
// dropped, so that none ends the hiding one).
func rawSplice(src string) string {
	src = regexp.MustCompile(`(?s:/\*.*?\*/)|(?m://.*$)`).ReplaceAllString(src, "")
	return "const char *hide = R\"x(a)\\\nx\" /* )x\";\n" + src + "// */\n"
}

// digraphs spells a C program's braces and brackets and its #s as
// digraphs (outside its strings and characters).
func digraphs(src string) string {
	return outsideLiterals(src, strings.NewReplacer("{", "<%", "}", "%>", "[", "<:", "]", ":>", "#", "%:"))
}

// alternativeTokens spells a C++ program's logical operators as words.
func alternativeTokens(src string) string {
	return outsideLiterals(src, strings.NewReplacer("&&", " and ", "||", " or ", "!=", " not_eq ", "!", " not "))
}

// outsideLiterals applies r to src but its string and character
// literals.
func outsideLiterals(src string, r interface{ Replace(string) string }) string {
	strs := regexp.MustCompile(`"(\\.|[^"\\\n])*"|'(\\.|[^'\\\n])*'`)
	var b strings.Builder
	at := 0
	for _, m := range strs.FindAllStringIndex(src, -1) {
		b.WriteString(r.Replace(src[at:m[0]]))
		b.WriteString(src[m[0]:m[1]])
		at = m[1]
	}
	b.WriteString(r.Replace(src[at:]))
	return b.String()
}

// semicolons ends every simple statement of a Python program with a
// semicolon, which Python reads as a line end.
func semicolons(src string) string {
	return regexp.MustCompile(`(?m)^([ \t]*[^#\s].*[^:\s,(\[{])$`).ReplaceAllString(src, "$1;")
}

// emptyStatements adds an empty statement after every statement and
// block opening that ends a line of a Java or C program (but a jump,
// after which javac refuses an unreachable one).
func emptyStatements(src string) string {
	jump := regexp.MustCompile(`^\s*(return|break|continue|throw)\b`)
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if (strings.HasSuffix(l, ";") || strings.HasSuffix(l, "{")) && !jump.MatchString(l) {
			lines[i] += ";"
		}
	}
	return strings.Join(lines, "\n")
}

// keywordMacros writes a C program's keywords and types as macros of
// other names, which the preprocessor turns back.
func keywordMacros(src string) string {
	words := regexp.MustCompile(`\b(for|if|return|int|while|printf|scanf)\b`)
	return "#define LOOP for\n#define WHEN if\n#define GIVE return\n#define NUM int\n#define AS_LONG_AS while\n#define SAY printf\n#define READ scanf\n" +
		outsideLiterals(src, wordReplacer{words, func(w string) string {
			return map[string]string{"for": "LOOP", "if": "WHEN", "return": "GIVE", "int": "NUM", "while": "AS_LONG_AS", "printf": "SAY", "scanf": "READ"}[w]
		}})
}

// wordReplacer replaces the matches of a regular expression by a
// function of them.
type wordReplacer struct {
	re *regexp.Regexp
	f  func(string) string
}

func (w wordReplacer) Replace(s string) string { return w.re.ReplaceAllStringFunc(s, w.f) }

// oldMac ends every line with a carriage return alone, as javac, gcc
// and Python read a line end; a lexer that looks for line feeds reads a
// line comment to the end of the file.
func oldMac(src string) string { return strings.ReplaceAll(src, "\n", "\r") }

func testProgram(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("testdata/compiler/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCompilerText checks that a verbatim copy hidden behind what the
// compiler makes of a file's bytes (unicode escapes, coding lines, line
// splices) scores as a copy.
func TestCompilerText(t *testing.T) {
	java, c, py := reference(t), testProgram(t, "knapsack.c"), testProgram(t, "knapsack.py")
	for _, tc := range []struct {
		name, file, src string
		disguise        func(string) string
	}{
		{"java-unicode-newline", "EightQueen.java", java, unicodeNewlines},
		{"java-unicode-comment", "EightQueen.java", java, unicodeComments},
		{"python-utf-7", "knapsack.py", py, utf7},
		{"python-unicode-escape", "knapsack.py", py, unicodeEscape},
		{"c-split-words", "knapsack.c", c, splitWords},
		{"c-spaced-splices", "knapsack.c", c, spacedSplices},
		{"cpp-split-words", "knapsack.cpp", c, splitWords},
		{"cpp-raw-string-splice", "knapsack.cpp", c, rawSplice},
		{"c-digraphs", "knapsack.c", c, digraphs},
		{"c-keyword-macros", "knapsack.c", c, keywordMacros},
		{"python-semicolons", "knapsack.py", py, semicolons},
		{"java-empty-statements", "EightQueen.java", java, emptyStatements},
		{"c-empty-statements", "knapsack.c", c, emptyStatements},
		{"cpp-alternative-tokens", "knapsack.cpp", c, alternativeTokens},
		{"java-cr-line-ends", "EightQueen.java", java, oldMac},
		{"python-cr-line-ends", "knapsack.py", py, oldMac},
		{"c-cr-line-ends", "knapsack.c", c, oldMac},
		{"python-utf-7-cr", "knapsack.py", py, func(s string) string { return strings.ReplaceAll(utf7(s), "+AAo-", "+AA0-") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			copied := tc.disguise(tc.src)
			if copied == tc.src {
				t.Fatal("the disguise changed nothing")
			}
			r := similarity.Compare([]*similarity.Doc{doc("original", tc.file, tc.src), doc("copy", tc.file, copied)}, similarity.Options{Jobs: 1})
			score := 0.0
			if len(r.Pairs) == 1 {
				score = r.Pairs[0].Score()
			}
			t.Logf("%.3f", score)
			if score < 0.95 {
				t.Errorf("the disguised copy scores %.3f against the original (copy: %q), want about 1", score, r.Docs[1].Problem)
			}
		})
	}
}
