package toolchain

import "slices"

// Syntax is what a source viewer needs to colour a language's files:
// its keywords, comments and string quotes. Nothing here builds or runs.
type Syntax struct {
	Keywords     []string
	LineComment  []string  // "//", "#"
	BlockComment [2]string // "/*", "*/"; empty: none
	Quotes       string    // the characters that open and close a string
	// TripleQuotes says a tripled quote opens a string to the same three
	// (Python's """ and ''').
	TripleQuotes bool
}

var cKeywords = []string{"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
	"float", "for", "goto", "if", "inline", "int", "long", "register", "return", "short", "signed", "sizeof", "static",
	"struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "NULL"}

// Each toolchain's Syntax.
var (
	javaSyntax = &Syntax{Keywords: append(slices.Clone(JavaKeywords), JavaRestricted...),
		LineComment: []string{"//"}, BlockComment: [2]string{"/*", "*/"}, Quotes: `"'`}
	cSyntax   = &Syntax{Keywords: cKeywords, LineComment: []string{"//"}, BlockComment: [2]string{"/*", "*/"}, Quotes: `"'`}
	cppSyntax = &Syntax{Keywords: append([]string{"class", "namespace", "template", "typename", "public", "private", "protected",
		"virtual", "new", "delete", "this", "using", "nullptr", "try", "catch", "throw", "auto", "constexpr"}, cKeywords...),
		LineComment: []string{"//"}, BlockComment: [2]string{"/*", "*/"}, Quotes: `"'`}
	pythonSyntax = &Syntax{Keywords: []string{"and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
		"elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
		"nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "None", "True", "False"},
		LineComment: []string{"#"}, Quotes: `"'`, TripleQuotes: true}
	rustSyntax = &Syntax{Keywords: []string{"as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
		"if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self",
		"static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while"},
		LineComment: []string{"//"}, BlockComment: [2]string{"/*", "*/"}, Quotes: `"`}
	goSyntax = &Syntax{Keywords: []string{"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
		"for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
		"struct", "switch", "type", "var", "nil", "true", "false"},
		LineComment: []string{"//"}, BlockComment: [2]string{"/*", "*/"}, Quotes: "\"'`"}
)
