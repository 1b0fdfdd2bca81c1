package similarity

import (
	"fmt"
	"strings"
	"unicode"
)

// displayID is a submission's ID as a page shows it, and whether a TA
// should be warned about it: a character that changes how the text
// around it is shown or shows as nothing (bidi controls such as U+202E,
// zero-width ones, other format and control characters) is written as
// a visible escape (\u202E), and so is a letter of another script in an
// ID that is otherwise Latin (the Cyrillic а of "аlice"), so that two
// IDs that look alike never show alike; either flags it.
func displayID(id string) (shown string, flagged bool) {
	mixed := mixedScripts(id)
	var b strings.Builder
	for _, r := range id {
		switch {
		case r == unicode.ReplacementChar:
			b.WriteString(`\uFFFD`)
			flagged = true
		case hiddenRune(r):
			fmt.Fprintf(&b, `\u%04X`, r)
			flagged = true
		case mixed && r > unicode.MaxASCII && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r):
			fmt.Fprintf(&b, `\u%04X`, r)
			flagged = true
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), flagged
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
