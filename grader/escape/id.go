package escape

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Flag follows an id that ID shows escaped because it could pass for
// another.
const Flag = " ⚠"

// ID is a submission's or a student's id as shown to a person, in any
// medium (a terminal, a table, a report, a page, a spreadsheet): id
// itself when it could not pass for another one (Deceptive), but for
// "<", shown as <U+003C>; otherwise every character but printable ASCII
// shown as <U+XXXX> (a byte that is not UTF-8 as <0xFF>) and Flag after
// it. "аlice" (a Cyrillic а) is "<U+0430>lice ⚠", never "alice"; an id
// with a right-to-left override shows it, not its effect; "alice " is
// "alice<U+0020> ⚠" (a space that begins or ends an id, or follows
// another, is shown as its code). Two different
// ids are always shown differently. It is for showing only: a map of
// ids keeps them as they are.
func ID(id string) string {
	if !Deceptive(id) {
		if !strings.Contains(id, "<") {
			return id
		}
		return strings.ReplaceAll(id, "<", "<U+003C>")
	}
	var b strings.Builder
	for i := 0; i < len(id); {
		r, size := utf8.DecodeRuneInString(id[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "<0x%02X>", id[i])
		case r == ' ' && (i == 0 || i == len(id)-1 || id[i-1] == ' ' || id[i+1] == ' '):
			b.WriteString("<U+0020>")
		case r >= ' ' && r < utf8.RuneSelf && r != 0x7f && r != '<':
			b.WriteByte(byte(r))
		default:
			fmt.Fprintf(&b, "<U+%04X>", r)
		}
		i += size
	}
	return b.String() + Flag
}

// Deceptive reports whether an id could pass for another one on a
// screen: it holds a byte that is not UTF-8, a control or formatting
// character (a bidi override, a zero-width space), a blank other than
// the ASCII space, a combining mark on a letter of a script that has it
// precomposed (Latin, Greek, Cyrillic, kana), a character made to look like ASCII (full-width and
// mathematical letters, small capitals, modifier letters, dashes); or
// its letters are of two scripts (Latin and Cyrillic, as "аlice"; Latin
// with Chinese, Japanese or Korean is usual and allowed), or all of
// them look like ASCII letters without being ASCII (a Cyrillic "аlісе").
// An id that begins or ends with a space, or holds two in a row, could
// pass for the one without ("alice " for "alice"). A name in one script,
// ASCII or not ("José", "Анна", "王伟"), is not.
func Deceptive(id string) bool {
	if strings.HasPrefix(id, " ") || strings.HasSuffix(id, " ") || strings.Contains(id, "  ") {
		return true
	}
	scripts := map[string]bool{}
	lookalikes, others := 0, 0 // non-ASCII letters that look like ASCII ones, and the rest
	prev := ' '
	for _, r := range id {
		if r == utf8.RuneError {
			return true // a byte that is not UTF-8, or U+FFFD, which stands for one
		}
		if r < utf8.RuneSelf {
			if r < ' ' || r == 0x7f {
				return true
			}
			if unicode.IsLetter(r) {
				scripts["Latin"] = true
			}
			prev = r
			continue
		}
		if invisible(r) || asciiLike(r) || r == '⚠' { // ⚠: it would fake the flag
			return true
		}
		if unicode.In(r, unicode.Mn, unicode.Me) && precomposing(prev) {
			return true
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			scripts[scriptOf(r)] = true
			if _, ok := confusables[r]; ok {
				lookalikes++
			} else {
				others++
			}
		}
		prev = r
	}
	return mixed(scripts) || lookalikes > 0 && others == 0
}

// invisible reports whether a character shows nothing, or a blank, or
// acts on how text is shown: controls, formatting characters (bidi,
// zero-width), separators, blanks but the ASCII space, and the fillers
// and blank patterns that are letters or symbols.
func invisible(r rune) bool {
	switch r {
	case 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x034f, 0x17b4, 0x17b5, 0x180e:
		return true
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Zs, unicode.Co, unicode.Cs) ||
		unicode.Is(unicode.Variation_Selector, r) || !unicode.IsPrint(r) && !unicode.IsGraphic(r)
}

// asciiLikeRanges are blocks of characters drawn as ASCII letters,
// digits or punctuation are, in another style: no name needs them.
var asciiLikeRanges = [][2]rune{
	{0x0250, 0x02ff},   // IPA extensions and modifier letters (ɑ, ɡ, ʰ)
	{0x1d00, 0x1dbf},   // phonetic extensions (small capitals ᴀ, ᴄ)
	{0x2010, 0x2015},   // hyphens and dashes
	{0x2070, 0x209f},   // superscripts and subscripts
	{0x2100, 0x218f},   // letterlike symbols, Roman numerals (ℂ, K, Ⅰ)
	{0x2212, 0x2212},   // minus sign
	{0x2460, 0x24ff},   // enclosed alphanumerics (①, ⓐ)
	{0xa4d0, 0xa4ff},   // Lisu, drawn as Latin capitals
	{0xff01, 0xff5e},   // full-width ASCII
	{0x1d400, 0x1d7ff}, // mathematical alphanumerics (𝐚, 𝟏)
	{0x1f100, 0x1f1ff}, // enclosed alphanumerics supplement
}

// asciiLike reports whether a character is drawn as an ASCII one is, in
// another style, or is one of the single letters that are (ı, ſ, ǀ).
func asciiLike(r rune) bool {
	switch r {
	case 0x0131, 0x017f, 0x01c0, 0x01c3, 0x00b7, 0x2024, 0xfe58, 0xfe63, 0xff0d:
		return true
	}
	for _, rg := range asciiLikeRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// confusables are the letters of other scripts drawn as an ASCII
// letter is (Cyrillic, Greek, Armenian, Cherokee).
var confusables = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "аеорсухѕіјӏԁԛԝһѵԍАВЕКМНОРСТХЅІЈҮԚԜӀ" + // Cyrillic
		"αονρτικυΑΒΕΖΗΙΚΜΝΟΡΤΥΧϲϳ" + // Greek
		"օսցհոզ" + // Armenian
		"ᎪᏴᏟᎠᎬᏀᎻᏆᎫᏦᏞᎷᏃᎾᏢᏒᏚᎢᏙᏔᎽᏃ" { // Cherokee
		m[r] = true
	}
	return m
}()

// precomposing reports whether a combining mark after r may draw what a
// precomposed character draws: r is ASCII, or a letter of Latin, Greek,
// Cyrillic, or the kana (か and a combining dakuten draw が).
func precomposing(r rune) bool {
	return r < utf8.RuneSelf || unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Hiragana, unicode.Katakana)
}

// cjk are the scripts written together with each other and with Latin
// (Japanese, Chinese and Korean names and ids).
var cjk = map[string]bool{"Han": true, "Hiragana": true, "Katakana": true, "Hangul": true, "Bopomofo": true}

// scriptOf is a letter's or digit's script by name ("Common" for one of
// none).
func scriptOf(r rune) string {
	for _, name := range []string{"Latin", "Cyrillic", "Greek", "Armenian", "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo", "Arabic", "Hebrew", "Devanagari", "Thai", "Georgian", "Cherokee"} {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	for name, table := range unicode.Scripts { // the others; a character is of one
		if unicode.Is(table, r) {
			return name
		}
	}
	return "Common"
}

// mixed reports whether letters of these scripts together could make
// one id pass for another: more than one script, but Latin with the
// Chinese, Japanese and Korean ones, which are written together.
func mixed(scripts map[string]bool) bool {
	delete(scripts, "Common")
	delete(scripts, "Inherited")
	other := 0
	for s := range scripts {
		if !cjk[s] && s != "Latin" {
			other++
		}
	}
	return other > 1 || other == 1 && len(scripts) > 1
}
