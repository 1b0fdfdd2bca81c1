package similarity

import (
	"hash/fnv"
	"math"
	"path"
	"regexp"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// Lang is a language the lexers read.
type Lang int

// The languages read; None is a file of no known language, skipped.
const (
	None Lang = iota
	C
	CPP
	Java
	Python
)

// String is the language's name, its toolchain's.
func (l Lang) String() string {
	if tc := l.toolchain(); tc != nil {
		return tc.Name
	}
	return "none"
}

// toolchain is the toolchain whose sources the language's lexer reads,
// nil for None.
func (l Lang) toolchain() *toolchain.Toolchain {
	switch l {
	case C:
		return toolchain.C
	case CPP:
		return toolchain.CXX
	case Java:
		return toolchain.Java
	case Python:
		return toolchain.Python
	}
	return nil
}

// headers are the C and C++ header files, which the toolchains do not
// compile but a submission may hold.
var headers = map[string]Lang{".h": C, ".hpp": CPP, ".hh": CPP, ".hxx": CPP}

// LangOf is the language of a file by its extension: the source
// extensions of each lexer's toolchain, and C and C++ headers.
func LangOf(name string) Lang {
	ext := strings.ToLower(path.Ext(name))
	if l, ok := headers[ext]; ok {
		return l
	}
	tc := toolchain.ByExt(ext)
	for _, l := range []Lang{C, CPP, Java, Python} {
		if tc != nil && l.toolchain() == tc {
			return l
		}
	}
	return None
}

// Token is one normalised token of a file: Kind says what it is (a
// keyword or operator by its text, or one kind for every identifier,
// number, string and character literal), Start and End are its bytes in
// the file, Line its first line (1-based).
type Token struct {
	Kind       uint32
	Start, End int32
	Line       int32
}

// The kinds every identifier, number, string and character literal
// becomes.
var (
	kindIdent  = kindOf("\x00ident")
	kindNumber = kindOf("\x00number")
	kindString = kindOf("\x00string")
	kindChar   = kindOf("\x00char")
	kindLine   = kindOf("\x00newline") // a logical line's end, for Python
)

// kindOf is a keyword's or operator's kind: a hash of its text, the same
// in every run and on every machine.
func kindOf(text string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(text))
	return h.Sum32()
}

// Tokens reads src as a file of lang, as its compiler reads it (see
// source): Start and End are the file's bytes all the same. It never
// fails: text it does not understand becomes tokens of its own (one per
// byte), and an unended comment or string runs to the end of the file.
func Tokens(lang Lang, src []byte) []Token {
	toks, _ := tokens(lang, src, math.MaxInt)
	return toks
}

// tokens reads at most limit tokens of src; the source says what the
// lexer read (and its note, what a reader should know of it).
func tokens(lang Lang, src []byte, limit int) ([]Token, source) {
	var s source
	src = lineEnds(src) // the same length: the tokens' places are src's
	switch lang {
	case C, CPP:
		s = cSource(src, lang.trigraphs())
	case Java:
		s = javaSource(src)
	case Python:
		s = pythonSource(src)
	default:
		return nil, source{text: src}
	}
	s.text = lineEnds(s.text) // as an escape or a decoding may make them
	var toks []Token
	switch lang {
	case C, CPP:
		var rawEnd func(int, string) int
		if lang == CPP && s.marks != nil {
			rawEnd = func(at int, closer string) int { return s.rawEnd(src, at, closer) }
		}
		toks = lexC(s.text, lang == CPP, limit, rawEnd)
	case Java:
		toks = lexJava(s.text, limit)
	case Python:
		toks = lexPython(s.text, limit)
	}
	s.fileOffsets(toks, src)
	return toks, s
}

// trigraphs says whether lang's compiler, run as its toolchain runs it,
// reads trigraphs: gcc and g++ do with -trigraphs or in a strict ISO
// mode before C++17 (-std=c99, -std=c++14), not in their GNU modes (the
// default) nor from C++17 on.
func (l Lang) trigraphs() bool {
	tc := l.toolchain()
	if tc == nil || tc.Commands == nil || (l != C && l != CPP) {
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
