package escape

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// MaxFileName is the most bytes FileName gives: far below the 255 of
// common file systems, with room for an extension and the temporary name
// of an atomic write (".name.md.123456789").
const MaxFileName = 100

// keptPrefix is how much of a changed id FileName keeps readable, before
// the hash that tells it apart.
const keptPrefix = 80

// FileName is id as a portable file name without extension: id itself
// when it is made of ASCII letters, digits, "-", "_" and "." only, does
// not start with "." or "-" nor end with ".", is at most MaxFileName bytes and is no name
// Windows reserves (CON, NUL, ...). Otherwise it is a readable prefix of
// id (other characters, and dots, as "_"; at most 80 bytes) followed by "-" and 12
// hex digits of id's SHA-256, so that two different ids get different
// names (but for a hash collision) and the same id the same name.
func FileName(id string) string {
	if safeName(id) {
		return id
	}
	return hashed(id)
}

// hashed is id's name with a hash: a readable prefix (letters, digits, "-"
// and "_" kept, other bytes as "_"), "-" and 12 hex digits of its SHA-256;
// at most keptPrefix+13 bytes.
func hashed(id string) string {
	sum := sha256.Sum256([]byte(id))
	var b strings.Builder
	for i := 0; i < len(id) && b.Len() < keptPrefix; i++ {
		if c := id[i]; safeByte(c) && c != '.' && !(b.Len() == 0 && c == '-') {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		b.WriteByte('_')
	}
	return b.String() + "-" + hex.EncodeToString(sum[:6])
}

// FileNames maps ids to file names (FileName) that are distinct even on
// a file system that ignores case: an id whose name was already given, in
// any case, to an earlier id gets its name with a hash (see FileName) and
// "-2", "-3", ... The same ids in the same order get
// the same names.
func FileNames(ids []string) []string {
	names := make([]string, len(ids))
	taken := map[string]bool{}
	for i, id := range ids {
		name := FileName(id)
		for n := 2; taken[strings.ToLower(name)]; n++ {
			name = fmt.Sprintf("%s-%d", hashed(id), n)
		}
		taken[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}

// safeName reports whether id is a file name as it is.
func safeName(id string) bool {
	if id == "" || len(id) > MaxFileName || id[0] == '.' || id[0] == '-' || id[len(id)-1] == '.' || reserved(id) {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !safeByte(id[i]) {
			return false
		}
	}
	return true
}

func safeByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.'
}

// reserved reports whether Windows reserves the name, with any extension.
func reserved(id string) bool {
	base, _, _ := strings.Cut(strings.ToUpper(id), ".")
	switch base {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(base) == 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) && base[3] >= '1' && base[3] <= '9'
}
