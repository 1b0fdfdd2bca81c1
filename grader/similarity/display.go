package similarity

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// displayID is a submission's ID as a page shows it, and whether a TA
// should be warned about it. A character that changes how the text
// around it is shown or shows as nothing (bidi controls such as U+202E,
// zero-width ones, other format and control characters) is written as a
// visible escape (\u202E; a byte that is not UTF-8 as \xFF), and so is
// a letter of another script in an ID that is otherwise Latin (the
// Cyrillic а of "аlice") or in one whose every such letter looks like a
// Latin one ("ѕсоре", all Cyrillic); such an ID is flagged, and its
// backslashes doubled, so that two IDs never show alike.
func displayID(id string) (shown string, flagged bool) {
	mixed := mixedScripts(id) || lookalikesOnly(id)
	escaped := func(r rune) bool {
		return r == utf8.RuneError || hiddenRune(r) ||
			mixed && r > unicode.MaxASCII && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r)
	}
	if !strings.ContainsFunc(id, escaped) {
		return id, false
	}
	var b strings.Builder
	for i := 0; i < len(id); {
		r, size := utf8.DecodeRuneInString(id[i:])
		i += size
		switch {
		case r == '\\': // so that an escape is never read as typed
			b.WriteString(`\\`)
		case r == utf8.RuneError && size == 1: // a byte that is not UTF-8
			fmt.Fprintf(&b, `\x%02X`, id[i-1])
		case escaped(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), true
}

// hiddenRune says whether a rune shows as nothing or moves the text
// around it: controls, format characters (bidi, zero-width), and spaces
// other than the plain one.
func hiddenRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || (unicode.IsSpace(r) && r != ' ') ||
		unicode.Is(unicode.Mn, r) && r >= 0x180B && r <= 0x180D || r >= 0xFE00 && r <= 0xFE0F // variation selectors
}

// mixedScripts says whether an ID has Latin letters and letters of
// another script that has look-alikes of Latin ones (Cyrillic, Greek,
// Armenian, Cherokee).
func mixedScripts(id string) bool {
	latin, other := false, false
	for _, r := range id {
		switch {
		case r <= unicode.MaxASCII && unicode.IsLetter(r), unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.In(r, unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Cherokee):
			other = true
		}
	}
	return latin && other
}

// latinLookalikes are Cyrillic and Greek letters that look like Latin
// ones.
const latinLookalikes = "аАвВеЕѕЅіІјЈкКмМнНоОрРсСтТуУхХԁԛԝүӏһԍɡαΑβΒεΕζΖηΗιΙκΚμΜνΝοΟρΡτΤυΥχΧ"

// lookalikesOnly says whether an ID has Cyrillic or Greek letters and
// every one of them looks like a Latin letter: the whole ID could pass
// for a Latin one.
func lookalikesOnly(id string) bool {
	some := false
	for _, r := range id {
		if unicode.In(r, unicode.Cyrillic, unicode.Greek) {
			if !strings.ContainsRune(latinLookalikes, r) {
				return false
			}
			some = true
		}
	}
	return some
}
