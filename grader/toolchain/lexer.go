package toolchain

// Lexer names a lexer of package grader/similarity, which reads a
// toolchain's sources into the tokens it compares. A language whose
// sources read as another's (a C-like syntax) may share its lexer.
type Lexer uint8

// The lexers; NoLexer: similarity skips the sources.
const (
	NoLexer     Lexer = iota
	CLexer            // C: line splices, trigraphs where the compiler reads them, macros
	CPPLexer          // CLexer with C++'s keywords, raw strings and alternative tokens
	JavaLexer         // Java: unicode escapes, text blocks, annotations (see ReadJava)
	PythonLexer       // Python: the coding line, logical lines, triple quotes
)
