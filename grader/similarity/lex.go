package similarity

import (
	"math"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// lexer is how the sources of a toolchain's Lexer (toolchain.Lexer) are
// read: the text their compiler reads (see source), its tokens, and
// whether they are put in canonical form (see canon).
type lexer struct {
	source func(tc *toolchain.Toolchain, src []byte) source
	lex    func(s source, src []byte, limit int) []Token
	canon  bool
}

// lexers are the lexers by the toolchain's Lexer.
var lexers = map[toolchain.Lexer]lexer{
	toolchain.CLexer:      {source: cSourceOf, lex: cLexer(false), canon: true},
	toolchain.CPPLexer:    {source: cSourceOf, lex: cLexer(true), canon: true},
	toolchain.JavaLexer:   {source: func(_ *toolchain.Toolchain, src []byte) source { return javaSource(src) }, lex: textLexer(lexJava), canon: true},
	toolchain.PythonLexer: {source: func(_ *toolchain.Toolchain, src []byte) source { return pythonSource(src) }, lex: textLexer(lexPython)},
}

// lexerOf is the lexer of lang's sources; ok is false for none (lang nil,
// or a toolchain similarity does not read).
func lexerOf(lang *toolchain.Toolchain) (lexer, bool) {
	if lang == nil {
		return lexer{}, false
	}
	l, ok := lexers[lang.Lexer]
	return l, ok
}

func cSourceOf(tc *toolchain.Toolchain, src []byte) source { return cSource(src, readsTrigraphs(tc)) }

// cLexer reads C, or C++ when cpp, whose raw strings end where the
// file's bytes end them (see source.rawEnd).
func cLexer(cpp bool) func(s source, src []byte, limit int) []Token {
	return func(s source, src []byte, limit int) []Token {
		var rawEnd func(int, string) int
		if cpp && s.marks != nil {
			rawEnd = func(at int, closer string) int { return s.rawEnd(src, at, closer) }
		}
		return lexC(s.text, cpp, limit, rawEnd)
	}
}

// textLexer is a lexer that reads the text alone.
func textLexer(lex func(text []byte, limit int) []Token) func(s source, src []byte, limit int) []Token {
	return func(s source, _ []byte, limit int) []Token { return lex(s.text, limit) }
}

// LangOf is the toolchain whose lexer reads a file, by its extension:
// one of the toolchain's sources' or headers' (toolchain.Toolchain.Headers);
// nil when no lexer reads it.
func LangOf(name string) *toolchain.Toolchain {
	ext := strings.ToLower(path.Ext(name))
	for _, tc := range toolchain.All() {
		if _, ok := lexerOf(tc); ok && (slices.Contains(tc.Exts, ext) || slices.Contains(tc.Headers, ext)) {
			return tc
		}
	}
	return nil
}

// Languages names the languages the lexers read, as messages list them
// ("C, C++, Java or Python").
func Languages() string {
	var titles []string
	for _, tc := range toolchain.All() {
		if _, ok := lexerOf(tc); ok {
			titles = append(titles, tc.Title)
		}
	}
	if len(titles) <= 1 {
		return strings.Join(titles, "")
	}
	return strings.Join(titles[:len(titles)-1], ", ") + " or " + titles[len(titles)-1]
}

// Tokens reads src as a file of lang (a toolchain; nil or one without a
// lexer gives none), as its compiler reads it (see source): Start and
// End are the file's bytes all the same. It never fails: text it does
// not understand becomes tokens of its own (one per byte), and an
// unended comment or string runs to the end of the file.
func Tokens(lang *toolchain.Toolchain, src []byte) []Token {
	toks, _ := tokens(lang, src, math.MaxInt)
	return toks
}

// tokens reads at most limit tokens of src; the source says what the
// lexer read (and its note, what a reader should know of it).
func tokens(lang *toolchain.Toolchain, src []byte, limit int) ([]Token, source) {
	src = lineEnds(src) // the same length: the tokens' places are src's
	l, ok := lexerOf(lang)
	if !ok {
		return nil, source{text: src}
	}
	s := l.source(lang, src)
	s.text = lineEnds(s.text) // as an escape or a decoding may make them
	toks := l.lex(s, src, limit)
	s.fileOffsets(toks, src)
	return toks, s
}

// readsTrigraphs says whether a C or C++ toolchain's compiler, run as the
// toolchain runs it, reads trigraphs: gcc and g++ do with -trigraphs or
// in a strict ISO mode before C++17 (-std=c99, -std=c++14), not in their
// GNU modes (the default) nor from C++17 on.
func readsTrigraphs(tc *toolchain.Toolchain) bool {
	if tc == nil || tc.Commands == nil {
		return false
	}
	steps, _ := tc.Commands("main", []string{"a"})
	for _, step := range steps {
		for _, arg := range step {
			if arg == "-trigraphs" || strictISO.MatchString(arg) {
				return true
			}
		}
	}
	return false
}

// strictISO is a -std= of a strict ISO mode that has trigraphs.
var strictISO = regexp.MustCompile(`^-std=(c(89|90|99|9x|11|1x|17|18)|iso9899:.*|c\+\+(98|03|0x|11|1y|14))$`)
