package similarity

import "hash/fnv"

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
