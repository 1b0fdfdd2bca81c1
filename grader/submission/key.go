package submission

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
)

// Key identifies a set of files by their names and bytes, in order: two
// hand-ins of the same files have the same key.
func Key(files []File) string {
	h := sha256.New()
	for _, f := range files {
		binary.Write(h, binary.BigEndian, uint64(len(f.Name)))
		h.Write([]byte(f.Name))
		binary.Write(h, binary.BigEndian, uint64(len(f.Data)))
		h.Write(f.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Flat reports whether every file lies directly in the submission's
// folder (no name holds a slash or a backslash).
func Flat(files []File) bool {
	for _, f := range files {
		if strings.ContainsAny(f.Name, `/\`) {
			return false
		}
	}
	return true
}
